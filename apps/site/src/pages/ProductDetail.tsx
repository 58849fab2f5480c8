import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useArticle } from '../api/site';
import type { ProductFields } from '../api/types';
import { lines } from '../lib/format';
import { useDocumentMeta } from '../lib/seo';
import { useColumnTitle } from '../lib/useColumnTitle';
import { RxMark } from '../ui/Cards';
import { Img } from '../ui/Img';
import { PageHead } from '../ui/PageHead';
import { PreviewBanner } from '../ui/PreviewBanner';
import { RichText } from '../ui/RichText';
import { wrongKind } from '../ui/KindGuard';
import { LoadFailed, Loading, NotFoundBlock } from '../ui/States';

/** The sections of a Chinese drug label (药品说明书), in their statutory order. */
export const LABEL_ROWS: [keyof ProductFields, string][] = [
  ['ingredients', '成份'],
  ['appearance', '性状'],
  ['indications', '功能主治'],
  ['specification', '规格'],
  ['usage', '用法用量'],
  ['adverseReactions', '不良反应'],
  ['contraindications', '禁忌'],
  ['precautions', '注意事项'],
  ['storage', '贮藏'],
  ['packaging', '包装'],
  ['validity', '有效期'],
  ['standard', '执行标准'],
  ['approvalNumber', '批准文号'],
  ['manufacturer', '生产企业'],
];

/** the statutory line above a label: Rx labels are read with a physician, OTC ones by the buyer */
export const labelWarning = (rxOtc?: string) =>
  rxOtc === 'Rx' ? '请仔细阅读说明书并在医师指导下使用' : '请仔细阅读说明书并按说明使用或在药师指导下购买和使用';

export default function ProductDetail() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const { data: p, loading, error } = useArticle<ProductFields>(id, params.get('preview'));
  const [shown, setShown] = useState(0);
  const listTitle = useColumnTitle('/productPage', '产品中心');
  const f: Partial<ProductFields> = p?.fields ?? {};
  const name = f.name || p?.title || '产品详情';
  useDocumentMeta(p ? p.seoTitle || name : '产品详情', p ? p.seoDescription || `${name}：${f.indications ?? p.summary ?? ''}` : null);
  if (!id || error?.code === 404) return <NotFoundBlock what="产品" back={{ to: '/productPage', label: `返回${listTitle}` }} />;
  const redirect = wrongKind(p, 'product');
  if (redirect) return redirect;
  const gallery = p ? [...(p.cover ? [p.cover] : []), ...(p.images ?? []).filter((im) => im.url !== p.cover?.url)] : [];
  const current = gallery[shown] ?? gallery[0];
  return (
    <>
      <PageHead title={listTitle} titleAs="p" crumbs={[{ label: listTitle, to: '/productPage' }, ...(f.category ? [{ label: f.category, to: `/productPage?category=${encodeURIComponent(f.category)}` }] : []), { label: name }]} />
      <div className="container section">
        {loading ? (
          <Loading rows={6} />
        ) : !p ? (
          <LoadFailed />
        ) : (
          <article className="product">
            <PreviewBanner show={p.preview} />
            {f.rxOtc === 'Rx' && <p className="pro-only">处方药 · 仅供医药专业人士参阅</p>}
            <div className="product-top">
              <div className="product-gallery">
                {current ? (
                  <div className="product-main-img">
                    <Img key={current.url} image={current} sizes="(max-width: 900px) 100vw, 520px" priority />
                  </div>
                ) : (
                  <div className="media-placeholder media-square" aria-hidden="true" />
                )}
                {gallery.length > 1 && (
                  <ul className="thumbs" aria-label="产品图片">
                    {gallery.map((im, i) => (
                      <li key={im.url}>
                        <button type="button" className={i === shown ? 'thumb is-active' : 'thumb'} aria-pressed={i === shown} onClick={() => setShown(i)}>
                          <Img image={im} sizes="80px" />
                          <span className="sr-only">查看第 {i + 1} 张图片</span>
                        </button>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
              <div className="product-summary">
                <div className="card-meta">
                  {f.category && <span className="tag">{f.category}</span>}
                  <RxMark value={f.rxOtc} />
                </div>
                <h1 className="product-name">{name}</h1>
                {f.pinyin && <p className="product-pinyin">{f.pinyin}</p>}
                {p.summary && <p className="product-lead">{p.summary}</p>}
                <dl className="product-facts">
                  {f.specification && (<><dt>规格</dt><dd>{f.specification}</dd></>)}
                  {f.approvalNumber && (<><dt>批准文号</dt><dd>{f.approvalNumber}</dd></>)}
                  {f.manufacturer && (<><dt>生产企业</dt><dd>{f.manufacturer}</dd></>)}
                </dl>
                <p className="disclaimer">{f.rxOtc === 'Rx' ? '处方药：请凭医师处方购买，并在医师指导下使用。' : '请仔细阅读说明书并按说明使用或在药师指导下购买和使用。'}</p>
              </div>
            </div>

            <section className="drug-label" aria-labelledby="label-title">
              <h2 id="label-title" className="drug-label-title">
                {name} 说明书
                <RxMark value={f.rxOtc} />
              </h2>
              <p className="drug-label-warn">{labelWarning(f.rxOtc)}</p>
              <dl className="label-rows">
                <div className="label-row">
                  <dt>【药品名称】</dt>
                  <dd>
                    通用名称：{name}
                    {f.pinyin && (
                      <>
                        <br />
                        汉语拼音：{f.pinyin}
                      </>
                    )}
                  </dd>
                </div>
                {LABEL_ROWS.map(([key, label]) =>
                  f[key] ? (
                    <div className="label-row" key={key}>
                      <dt>【{label}】</dt>
                      <dd>
                        {lines(String(f[key])).map((l, i) => (
                          <p key={i}>{l}</p>
                        ))}
                      </dd>
                    </div>
                  ) : null,
                )}
              </dl>
            </section>
            {p.body && <RichText html={p.body} />}
            <nav className="prev-next" aria-label="上一个与下一个产品">
              <div>{p.prev ? <Link to={`/productDetail?id=${p.prev.id}`}>上一个：{p.prev.title}</Link> : <span className="muted">上一个：没有了</span>}</div>
              <div>{p.next ? <Link to={`/productDetail?id=${p.next.id}`}>下一个：{p.next.title}</Link> : <span className="muted">下一个：没有了</span>}</div>
            </nav>
          </article>
        )}
      </div>
    </>
  );
}
