import type { ArticleDetail, PageFields } from '../api/types';
import type { ApiState } from '../lib/useApi';
import { Img } from '../ui/Img';
import { RichText } from '../ui/RichText';
import { LoadFailed, Loading } from '../ui/States';
import { UntranslatedNotice, contentLang } from '../ui/Untranslated';

/** Body of an editorial page (about-us sections, culture): cover, rich text, gallery. */
export function ContentBody({ state }: { state: ApiState<ArticleDetail> }) {
  if (state.loading) return <Loading rows={5} />;
  if (!state.data) return <LoadFailed />;
  const p = state.data;
  const f = p.fields as Partial<PageFields>;
  return (
    <article className="content-page">
      <UntranslatedNotice show={p.untranslated} />
      <h2 className="content-title">{p.title}</h2>
      {f.subtitle && <p className="content-subtitle">{f.subtitle}</p>}
      {p.summary && <p className="content-lead">{p.summary}</p>}
      {f.highlights && f.highlights.length > 0 && (
        <dl className="highlights">
          {f.highlights.map((h) => (
            <div key={h.label}>
              <dt>{h.label}</dt>
              <dd>{h.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {p.cover && (
        <figure className="content-cover">
          <Img image={p.cover} sizes="(max-width: 900px) 100vw, 860px" priority />
        </figure>
      )}
      <RichText html={p.body} lang={contentLang(p.untranslated)} />
      {f.timeline && f.timeline.length > 0 && (
        <ol className="timeline">
          {f.timeline.map((t) => (
            <li key={t.year + t.text}>
              <span className="timeline-year">{t.year}</span>
              <p>{t.text}</p>
            </li>
          ))}
        </ol>
      )}
      {p.images?.length > 0 && (
        <div className="gallery">
          {p.images.map((im) => (
            <figure key={im.url}>
              <Img image={im} sizes="(max-width: 640px) 100vw, 400px" />
              {im.alt && <figcaption>{im.alt}</figcaption>}
            </figure>
          ))}
        </div>
      )}
    </article>
  );
}
