import { Link, useSearchParams } from 'react-router';
import { usePage } from '../api/site';
import { useDocumentMeta } from '../lib/seo';
import { useColumnTitle } from '../lib/useColumnTitle';
import { ABOUT_SECTIONS } from '../shell/Footer';
import { PageHead } from '../ui/PageHead';
import { ContentBody } from './ContentPage';
import { useT } from '../i18n';

/** About us: showIndex 0 overview, 2 strategy, 4 history, 5 party-building work (SPEC §2). */
export function sectionOf(showIndex: string | null) {
  return ABOUT_SECTIONS.find((s) => String(s.showIndex) === showIndex) ?? ABOUT_SECTIONS[0];
}

export default function About() {
  const [params] = useSearchParams();
  const section = sectionOf(params.get('showIndex'));
  const page = usePage(section.slug);
  const t = useT();
  const title = useColumnTitle('/aboutPage', t('section.about'));
  useDocumentMeta(page.data?.seoTitle || t(section.label), page.data?.seoDescription || page.data?.summary, page.data?.untranslated);
  return (
    <>
      <PageHead title={title} subtitle={t('about.subtitle')} crumbs={[{ label: title, to: '/aboutPage?showIndex=0' }, { label: t(section.label) }]} />
      <div className="container section with-aside">
        <nav className="side-nav" aria-label={t('list.columns', { v: title })}>
          <ul>
            {ABOUT_SECTIONS.map((s) => (
              <li key={s.showIndex}>
                <Link to={`/aboutPage?showIndex=${s.showIndex}`} aria-current={s.slug === section.slug ? 'page' : undefined} className={s.slug === section.slug ? 'is-active' : undefined}>
                  {t(s.label)}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/corporateCulturePage">{t('section.culture')}</Link>
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
