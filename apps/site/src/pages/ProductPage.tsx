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

const LIMIT = 12;

export default function ProductPage() {
  const [params] = useSearchParams();
  const category = params.get('category');
  const keyword = params.get('keyword');
  const page = pageOf(params.get('page'));
  const cats = useCategories().data ?? [];
  const title = useColumnTitle('/productPage', '产品中心');
  const list = useArticles<ProductFields>({ kind: 'product', category, keyword, page, limit: LIMIT });
  useDocumentMeta(category ? `${category} — ${title}` : title, '本草制药产品中心：按类别浏览中成药产品，查看成份、功能主治、用法用量、批准文号等说明书信息。');
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
      <PageHead title={title} subtitle="道地药材，精工制药，每一味都有据可查" crumbs={[{ label: title, to: category ? '/productPage' : undefined }, ...(category ? [{ label: category }] : [])]} />
      <div className="container section">
        <div className="list-toolbar">
          <nav className="chips" aria-label="产品类别">
            <Link to={catHref(null)} className={!category ? 'chip is-active' : 'chip'} aria-current={!category ? 'page' : undefined}>
              全部{total ? <span className="chip-count">{total}</span> : null}
            </Link>
            {cats.map((c) => (
              <Link key={c.name} to={catHref(c.name)} className={category === c.name ? 'chip is-active' : 'chip'} aria-current={category === c.name ? 'page' : undefined}>
                {c.name}
                <span className="chip-count">{c.count}</span>
              </Link>
            ))}
          </nav>
          <SearchBox label="搜索产品" placeholder="产品名称或功能主治" />
        </div>
        {list.loading ? (
          <Loading rows={4} />
        ) : list.error ? (
          <LoadFailed />
        ) : list.data?.records.length ? (
          <>
            <h2 className="sr-only">{category ?? '全部产品'}</h2>
            <div className="grid grid-4">
              {list.data.records.map((p, i) => (
                <ProductCard key={p.id} p={p} priority={i < 2} />
              ))}
            </div>
            <Pager total={list.data.total} page={page} limit={LIMIT} />
          </>
        ) : (
          <Empty text="该类别下暂无产品" />
        )}
        <p className="disclaimer">请按药品说明书或在药师指导下购买和使用。处方药须凭执业医师处方购买和使用。</p>
      </div>
    </>
  );
}
