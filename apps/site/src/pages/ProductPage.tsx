import { Link, useSearchParams } from 'react-router';
import { useArticles, useCategories } from '../api/site';
import type { ProductFields } from '../api/types';
import { useDocumentMeta } from '../lib/seo';
import { useColumnTitle } from '../lib/useColumnTitle';
import { ProductCard } from '../ui/Cards';
import { PageHead } from '../ui/PageHead';
import { Pager } from '../ui/Pager';
import { Empty, LoadFailed, Loading } from '../ui/States';
import { pageOf, SearchBox } from './ArticleList';
import { UntranslatedListNotice } from '../ui/Untranslated';
import { useT } from '../i18n';

const LIMIT = 12;

export default function ProductPage() {
  const [params] = useSearchParams();
  const category = params.get('category');
  const keyword = params.get('keyword');
  const page = pageOf(params.get('page'));
  const cats = useCategories().data ?? [];
  const t = useT();
  const title = useColumnTitle('/productPage', t('section.products'));
  const categoryLabel = category && (cats.find((c) => c.name === category)?.label ?? category);
  const list = useArticles<ProductFields>({ kind: 'product', category, keyword, page, limit: LIMIT });
  const heading = categoryLabel ? `${categoryLabel} — ${title}` : title;
  useDocumentMeta(page > 1 ? t('pager.title', { title: heading, n: page }) : heading, t('product.description'));
  const total = cats.reduce((n, c) => n + c.count, 0);
  const catHref = (c: string | null) => {
    const q = new URLSearchParams(params);
    if (c) q.set('category', c);
    else q.delete('category');
    q.delete('page');
    return `/productPage?${q}`;
  };
  return (
    <>
      <PageHead title={title} subtitle={t('product.subtitle')} crumbs={[{ label: title, to: category ? '/productPage' : undefined }, ...(categoryLabel ? [{ label: categoryLabel }] : [])]} />
      <div className="container section">
        <div className="list-toolbar">
          <nav className="chips" aria-label={t('product.categories')}>
            <Link to={catHref(null)} className={!category ? 'chip is-active' : 'chip'} aria-current={!category ? 'page' : undefined}>
              {t('list.all')}{total ? <span className="chip-count">{total}</span> : null}
            </Link>
            {cats.map((c) => (
              <Link key={c.name} to={catHref(c.name)} className={category === c.name ? 'chip is-active' : 'chip'} aria-current={category === c.name ? 'page' : undefined}>
                {c.label}
                <span className="chip-count">{c.count}</span>
              </Link>
            ))}
          </nav>
          <SearchBox label={t('product.search')} placeholder={t('product.searchHint')} />
        </div>
        {list.loading ? (
          <Loading rows={4} />
        ) : list.error ? (
          <LoadFailed />
        ) : list.data?.records.length ? (
          <>
            <h2 className="sr-only">{categoryLabel || t('product.all')}</h2>
            <UntranslatedListNotice items={list.data.records} />
            <div className="grid grid-4">
              {list.data.records.map((p, i) => (
                <ProductCard key={p.id} p={p} priority={i < 2} />
              ))}
            </div>
            <Pager total={list.data.total} page={page} limit={LIMIT} />
          </>
        ) : (
          <Empty text={t('product.emptyCategory')} />
        )}
        <p className="disclaimer">{t('product.disclaimer')}</p>
      </div>
    </>
  );
}
