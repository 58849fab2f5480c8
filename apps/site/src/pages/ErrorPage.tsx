import { Link } from 'react-router';
import { useDocumentMeta } from '../lib/seo';
import { LogoMark } from '../ui/Logo';
import { useT } from '../i18n';

export default function ErrorPage({ status }: { status: 404 | 403 | 401 }) {
  const tr = useT();
  const t = { title: tr(`error.${status}`), text: tr(`error.${status}Text`) };
  useDocumentMeta(`${status} ${t.title}`, t.text);
  return (
    <div className="shell-page">
      <Link to="/homePage" className="brand">
        <LogoMark />
        <span className="brand-name">{tr('site.name')}</span>
        <span className="sr-only">{tr('nav.home')}</span>
      </Link>
      <div className="shell-card">
        <p className="shell-code" aria-hidden="true">{status}</p>
        <h1>{t.title}</h1>
        <p>{t.text}</p>
        <div className="shell-actions">
          <Link className="btn btn-primary" to="/homePage">{tr('error.home')}</Link>
          {status === 401 && <Link className="btn btn-ghost" to="/login">{tr('error.login')}</Link>}
          <Link className="btn btn-ghost" to="/common/page">{tr('section.siteMap')}</Link>
        </div>
      </div>
    </div>
  );
}
