import { Link } from 'react-router';
import { useT } from '../i18n';

export interface Crumb {
  label: string;
  to?: string;
}

/** The band at the top of every inner page: title, subtitle and the breadcrumb. */
/** On detail pages the section name is not the page's heading (`titleAs="p"`): the item's own title is the h1. */
export function PageHead({ title, subtitle, crumbs, titleAs = 'h1' }: { title: string; subtitle?: string; crumbs: Crumb[]; titleAs?: 'h1' | 'p' }) {
  const t = useT();
  return (
    <div className="page-head">
      <div className="container">
        <nav aria-label={t('nav.breadcrumb')} className="breadcrumb">
          <ol>
            <li>
              <Link to="/homePage">{t('nav.home')}</Link>
            </li>
            {crumbs.map((c, i) => (
              <li key={i}>{c.to ? <Link to={c.to}>{c.label}</Link> : <span aria-current="page">{c.label}</span>}</li>
            ))}
          </ol>
        </nav>
        {titleAs === 'h1' ? <h1 className="page-title">{title}</h1> : <p className="page-title">{title}</p>}
        {subtitle && <p className="page-subtitle">{subtitle}</p>}
      </div>
    </div>
  );
}
