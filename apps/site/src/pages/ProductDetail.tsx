import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useArticle } from '../api/site';
import type { ProductFields } from '../api/types';
import { lines } from '../lib/format';
import { useDocumentMeta } from '../lib/seo';
import { useColumnTitle } from '../lib/useColumnTitle';
import { RxMark } from '../ui/Cards';
import { Img } from '../ui/Img';
import { DETAIL_IMAGE_SIZES } from '../ui/detailImage';
import { PageHead } from '../ui/PageHead';
import { PreviewBanner } from '../ui/PreviewBanner';
import { RichText } from '../ui/RichText';
import { wrongKind } from '../ui/KindGuard';
import { LoadFailed, Loading, NotFoundBlock } from '../ui/States';
import { AdrEntry } from './AdrEntry';
import { UntranslatedNotice, contentLang } from '../ui/Untranslated';
import { categoryOf } from '../lib/category';
import { useT, type MessageKey } from '../i18n';

/** The sections of a Chinese drug label (药品说明书), in their statutory order (names: `label.<field>`). */
export const LABEL_ROWS = [
  'ingredients', 'appearance', 'indications', 'specification', 'usage', 'adverseReactions', 'contraindications',
  'precautions', 'storage', 'packaging', 'validity', 'standard', 'approvalNumber', 'manufacturer',
] as const satisfies readonly (keyof ProductFields)[];

/** the statutory line above a label: Rx labels are read with a physician, OTC ones by the buyer */
export const labelWarning = (rxOtc?: string): MessageKey => (rxOtc === 'Rx' ? 'product.warnRx' : 'product.warnOtc');

export default function ProductDetail() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const { data: p, loading, error } = useArticle<ProductFields>(id, params.get('preview'));
  const [shown, setShown] = useState(0);
  const t = useT();
  const listTitle = useColumnTitle('/productPage', t('section.products'));
  const f: Partial<ProductFields> = p?.fields ?? {};
  const name = f.name || p?.title || t('product.detail');
  useDocumentMeta(p ? p.seoTitle || name : t('product.detail'), p ? p.seoDescription || `${name}: ${f.indications ?? p.summary ?? ''}` : null, p?.untranslated);
  if (!id || error?.code === 404) return <NotFoundBlock what={t('product.what')} back={{ to: '/productPage', label: t('state.back', { v: listTitle }) }} />;
  const redirect = wrongKind(p, 'product', id);
  if (redirect) return redirect;
  const gallery = p ? [...(p.cover ? [p.cover] : []), ...(p.images ?? []).filter((im) => im.url !== p.cover?.url)] : [];
  const current = gallery[shown] ?? gallery[0];
  return (
    <>
      <PageHead title={listTitle} titleAs="p" crumbs={[{ label: listTitle, to: '/productPage' }, ...(f.category ? [{ label: (p && categoryOf(p)) || f.category, to: `/productPage?category=${encodeURIComponent(f.category)}` }] : []), { label: name }]} />
      <div className="container section">
        {loading ? (
          <Loading rows={6} />
        ) : !p ? (
          <LoadFailed />
        ) : (
          <article className="product">
            <PreviewBanner show={p.preview} />
            <UntranslatedNotice show={p.untranslated} />
            {f.rxOtc === 'Rx' && <p className="pro-only">{t('product.proOnly')}</p>}
            <div className="product-top">
              <div className="product-gallery">
                {current ? (
                  <div className="product-main-img">
                    <Img key={current.url} image={current} sizes={DETAIL_IMAGE_SIZES.product} priority />
                  </div>
                ) : (
                  <div className="media-placeholder media-square" aria-hidden="true" />
                )}
                {gallery.length > 1 && (
                  <ul className="thumbs" aria-label={t('product.images')}>
                    {gallery.map((im, i) => (
                      <li key={im.url}>
                        <button type="button" className={i === shown ? 'thumb is-active' : 'thumb'} aria-pressed={i === shown} onClick={() => setShown(i)}>
                          <Img image={im} sizes="80px" />
                          <span className="sr-only">{t('product.viewImage', { n: i + 1 })}</span>
                        </button>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
              <div className="product-summary">
                <div className="card-meta">
                  {f.category && <span className="tag">{categoryOf(p)}</span>}
                  <RxMark value={f.rxOtc} />
                </div>
                <h1 className="product-name" lang={contentLang(p.untranslated)}>{name}</h1>
                {f.pinyin && <p className="product-pinyin">{f.pinyin}</p>}
                {p.summary && <p className="product-lead" lang={contentLang(p.untranslated)}>{p.summary}</p>}
                <dl className="product-facts">
                  {f.specification && (<><dt>{t('label.specification')}</dt><dd>{f.specification}</dd></>)}
                  {f.approvalNumber && (<><dt>{t('label.approvalNumber')}</dt><dd>{f.approvalNumber}</dd></>)}
                  {f.manufacturer && (<><dt>{t('label.manufacturer')}</dt><dd>{f.manufacturer}</dd></>)}
                </dl>
                <p className="disclaimer">{f.rxOtc === 'Rx' ? t('product.rxNote') : t('product.otcNote')}</p>
              </div>
            </div>

            <section className="drug-label" aria-labelledby="label-title">
              <h2 id="label-title" className="drug-label-title">
                {t('product.label', { name })}
                <RxMark value={f.rxOtc} />
              </h2>
              <p className="drug-label-warn">{t(labelWarning(f.rxOtc))}</p>
              <dl className="label-rows">
                <div className="label-row">
                  <dt>{t('product.drugName')}</dt>
                  <dd>
                    {t('product.genericName', { v: name })}
                    {f.pinyin && (
                      <>
                        <br />
                        {t('product.pinyin', { v: f.pinyin })}
                      </>
                    )}
                  </dd>
                </div>
                {LABEL_ROWS.map((key) =>
                  f[key] ? (
                    <div className="label-row" key={key}>
                      <dt>{t('product.row', { v: t(`label.${key}`) })}</dt>
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
            {p.body && <RichText html={p.body} lang={contentLang(p.untranslated)} />}
            {!p.preview && <AdrEntry productId={p.id} />}
            <nav className="prev-next" aria-label={t('product.prevNext')}>
              <div>{p.prev ? <Link to={`/productDetail?id=${p.prev.id}`}>{t('product.prev', { v: p.prev.title })}</Link> : <span className="muted">{t('product.prev', { v: t('article.none') })}</span>}</div>
              <div>{p.next ? <Link to={`/productDetail?id=${p.next.id}`}>{t('product.next', { v: p.next.title })}</Link> : <span className="muted">{t('product.next', { v: t('article.none') })}</span>}</div>
            </nav>
          </article>
        )}
      </div>
    </>
  );
}
