import { Link, useSearchParams } from 'react-router';
import { usePage } from '../api/site';
import { useDocumentMeta } from '../lib/seo';
import { useColumnTitle } from '../lib/useColumnTitle';
import { ABOUT_SECTIONS } from '../shell/Footer';
import { PageHead } from '../ui/PageHead';
import { ContentBody } from './ContentPage';

/** About us: showIndex 0 overview, 2 strategy, 4 history, 5 party-building work (SPEC §2). */
export function sectionOf(showIndex: string | null) {
  return ABOUT_SECTIONS.find((s) => String(s.showIndex) === showIndex) ?? ABOUT_SECTIONS[0];
}

export default function About() {
  const [params] = useSearchParams();
  const section = sectionOf(params.get('showIndex'));
  const page = usePage(section.slug);
  const title = useColumnTitle('/aboutPage', '关于我们');
  useDocumentMeta(page.data?.seoTitle || section.label, page.data?.seoDescription || page.data?.summary);
  return (
    <>
      <PageHead title={title} subtitle="传承千年本草智慧，践行现代制药标准" crumbs={[{ label: title, to: '/aboutPage?showIndex=0' }, { label: section.label }]} />
      <div className="container section with-aside">
        <nav className="side-nav" aria-label={`${title}栏目`}>
          <ul>
            {ABOUT_SECTIONS.map((s) => (
              <li key={s.showIndex}>
                <Link to={`/aboutPage?showIndex=${s.showIndex}`} aria-current={s.slug === section.slug ? 'page' : undefined} className={s.slug === section.slug ? 'is-active' : undefined}>
                  {s.label}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/corporateCulturePage">企业文化</Link>
            </li>
          </ul>
        </nav>
        <div className="aside-main">
          <ContentBody state={page} />
        </div>
      </div>
    </>
  );
}
