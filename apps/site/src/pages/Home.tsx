import { Link } from 'react-router';
import { useArticles, usePage } from '../api/site';
import type { NewsFields, PageFields, ProductFields } from '../api/types';
import { useDocumentMeta } from '../lib/seo';
import { formatDate } from '../lib/format';
import { Img } from '../ui/Img';
import { ProductCard, StoryCard, detailPath } from '../ui/Cards';
import { Empty, Loading } from '../ui/States';
import { bidHref } from '../shell/Header';
import { contentLang } from '../ui/Untranslated';
import { useT } from '../i18n';

function HeroArt() {
  return (
    <svg className="hero-art" viewBox="0 0 420 360" aria-hidden="true" focusable="false">
      <circle cx="230" cy="180" r="150" fill="#2c735a" opacity=".45" />
      <circle cx="230" cy="180" r="104" fill="none" stroke="#d8b26e" strokeOpacity=".55" strokeWidth="2" strokeDasharray="4 8" />
      <g fill="none" stroke="#f3e3c3" strokeWidth="3" strokeLinecap="round">
        <path d="M230 320V110" />
        <path d="M230 250c-40-6-70-30-84-66" />
        <path d="M230 200c44-8 70-34 80-70" />
      </g>
      <path d="M230 110c-26-30-26-66 0-96 26 30 26 66 0 96z" fill="#e9d4a6" />
      <path d="M146 184c-40-4-66-26-76-62 40 2 66 24 76 62z" fill="#cfe3d6" />
      <path d="M310 130c10-40 36-62 76-64-8 40-34 62-76 64z" fill="#cfe3d6" />
      <path d="M230 250c-30 24-64 30-100 18 24-28 58-34 100-18z" fill="#9cc7b0" />
      <path d="M230 200c30 26 64 34 100 22-22-30-56-38-100-22z" fill="#9cc7b0" />
      <g fill="#d8b26e">
        <circle cx="120" cy="80" r="5" />
        <circle cx="352" cy="260" r="6" />
        <circle cx="88" cy="250" r="4" />
      </g>
    </svg>
  );
}

export default function Home() {
  const t = useT();
  useDocumentMeta(null, t('home.description'));
  const overview = usePage('overview');
  const products = useArticles<ProductFields>({ kind: 'product', page: 1, limit: 4 });
  const news = useArticles<NewsFields>({ kind: 'news', page: 1, limit: 4 });
  const medicine = useArticles<NewsFields>({ kind: 'medicine', page: 1, limit: 3 });
  const [lead, ...rest] = news.data?.records ?? [];
  const highlights = (overview.data?.fields as Partial<PageFields> | undefined)?.highlights ?? [];

  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero-inner">
          <div className="hero-copy">
            <p className="eyebrow">{t('home.eyebrow')}</p>
            <h1 id="hero-title">{t('home.title')}</h1>
            <p className="hero-lead">{t('home.lead')}</p>
            <div className="hero-actions">
              <Link className="btn btn-accent" to="/productPage">
                {t('home.browseProducts')}
              </Link>
              <Link className="btn btn-outline-light" to="/aboutPage?showIndex=0">
                {t('home.meetUs')}
              </Link>
            </div>
          </div>
          <HeroArt />
        </div>
      </section>

      <section className="section about-teaser" aria-labelledby="about-title">
        <div className="container about-grid">
          <div className="about-media">
            {overview.data?.cover ? <Img image={overview.data.cover} sizes="(max-width: 900px) 100vw, 560px" priority /> : <div className="media-placeholder media-wide" aria-hidden="true" />}
          </div>
          <div>
            <p className="eyebrow eyebrow-dark">{t('home.aboutEyebrow')}</p>
            <h2 id="about-title" className="section-title">{overview.data?.title ?? t('section.overview')}</h2>
            {overview.loading ? <Loading rows={2} /> : <p className="section-lead">{overview.data?.summary}</p>}
            {highlights.length > 0 && (
              <dl className="stats">
                {highlights.map((h) => (
                  <div key={h.label}>
                    <dt>{h.label}</dt>
                    <dd>{h.value}</dd>
                  </div>
                ))}
              </dl>
            )}
            <ul className="about-links">
              <li><Link to="/aboutPage?showIndex=0">{t('section.overview')}</Link></li>
              <li><Link to="/aboutPage?showIndex=2">{t('section.strategy')}</Link></li>
              <li><Link to="/aboutPage?showIndex=4">{t('section.history')}</Link></li>
              <li><Link to="/corporateCulturePage">{t('section.culture')}</Link></li>
            </ul>
          </div>
        </div>
      </section>

      <section className="section section-tint" aria-labelledby="products-title">
        <div className="container">
          <div className="section-head">
            <div>
              <p className="eyebrow eyebrow-dark">{t('section.products')}</p>
              <h2 id="products-title" className="section-title">{t('home.productsTitle')}</h2>
            </div>
            <Link className="more-link" to="/productPage">{t('home.allProducts')}<span className="sr-only"> ({t('section.products')})</span> →</Link>
          </div>
          {products.loading ? <Loading /> : products.data?.records.length ? (
            <div className="grid grid-4">
              {products.data.records.map((p) => <ProductCard key={p.id} p={p} />)}
            </div>
          ) : <Empty />}
        </div>
      </section>

      <section className="section" aria-labelledby="news-title">
        <div className="container">
          <div className="section-head">
            <div>
              <p className="eyebrow eyebrow-dark">{t('section.news')}</p>
              <h2 id="news-title" className="section-title">{t('home.newsTitle')}</h2>
            </div>
            <Link className="more-link" to="/newsPage">{t('home.moreNews')}<span className="sr-only"> ({t('section.news')})</span> →</Link>
          </div>
          {news.loading ? <Loading /> : lead ? (
            <div className="news-split">
              <StoryCard a={lead} kind="news" />
              <ul className="news-side">
                {rest.map((n) => (
                  <li key={n.id}>
                    <Link to={`${detailPath.news}?id=${n.id}`}>
                      <time dateTime={n.publishedAt ?? undefined}>{formatDate(n.publishedAt)}</time>
                      <span className="news-side-title" lang={contentLang(n.untranslated)}>{n.title}</span>
                      {n.summary && <span className="news-side-summary clamp-2" lang={contentLang(n.untranslated)}>{n.summary}</span>}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ) : <Empty />}
        </div>
      </section>

      <section className="section section-tint" aria-labelledby="tcm-title">
        <div className="container">
          <div className="section-head">
            <div>
              <p className="eyebrow eyebrow-dark">{t('section.medicine')}</p>
              <h2 id="tcm-title" className="section-title">{t('home.tcmTitle')}</h2>
            </div>
            <Link className="more-link" to="/chineseMedicinePage">{t('home.moreTcm')}<span className="sr-only"> ({t('section.medicine')})</span> →</Link>
          </div>
          {medicine.loading ? <Loading /> : medicine.data?.records.length ? (
            <div className="grid grid-3">
              {medicine.data.records.map((m) => <StoryCard key={m.id} a={m} kind="medicine" />)}
            </div>
          ) : <Empty />}
        </div>
      </section>

      <section className="section" aria-label={t('home.join')}>
        <div className="container grid grid-2 cta-pair">
          <Link className="cta-card cta-green" to="/manpowerPage">
            <span className="cta-kicker">{t('section.jobs')}</span>
            <span className="cta-title">{t('home.jobsTitle')}</span>
            <span className="cta-text">{t('home.jobsText')}</span>
          </Link>
          <Link className="cta-card cta-ochre" to={bidHref()}>
            <span className="cta-kicker">{t('section.bids')}</span>
            <span className="cta-title">{t('home.bidsTitle')}</span>
            <span className="cta-text">{t('home.bidsText')}</span>
          </Link>
        </div>
      </section>
    </>
  );
}
