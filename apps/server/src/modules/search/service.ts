import { sql, type SQL } from 'drizzle-orm';
import { SEARCH_KINDS, SITE_DETAIL_ROUTES, type SearchAnswer, type SearchHit, type SearchKind, type SearchQuery } from '@bencao/contracts';
import type { Db } from '../../db/client';
import { liveAt } from '../cms/service';
import { promoteDueEdits } from '../cms/scheduledEdits';
import { markTerms, queryTerms, snippetOf } from './highlight';

const ROUTE_OF: Record<SearchKind, string> = {
  news: SITE_DETAIL_ROUTES.news, product: SITE_DETAIL_ROUTES.product, tcm: SITE_DETAIL_ROUTES.medicine,
  job: SITE_DETAIL_ROUTES.job, bid: SITE_DETAIL_ROUTES.bid,
};

export interface DocumentContent {
  articleId: number;
  /** 'zh' is kept by the database itself (trigger on cms_articles); other languages are indexed by their owners */
  lang: string;
  title: string;
  summary: string;
  /** rich-text HTML */
  body: string;
  fields: Record<string, unknown>;
}

export function searchService(db: Db, clock: () => Date = () => new Date()) {
  // what the words must occur in: full-width letters and digits as their ASCII forms, any case
  const haystack = sql`lower(normalize(d.title || ' ' || d.text, NFKC))`;

  return {
    /**
     * Finds live items whose text in any language holds every word (丹参 in an English search, ginkgo in a
     * Chinese one) and shows each once, in the asked language where it has one, else in Chinese (`lang` says which).
     */
    async search(q: SearchQuery): Promise<SearchAnswer> {
      await promoteDueEdits(db, clock());
      const terms = queryTerms(q.q);
      const kinds = Object.fromEntries(SEARCH_KINDS.map((k) => [k, 0])) as Record<SearchKind, number>;
      if (!terms.length) return { total: 0, records: [], kinds, terms };
      // the GIN index narrows by tokens; each word must then occur as a whole (not just its character pairs)
      const matches: SQL = sql.join([
        sql`d.tokens @> search_tokens(${terms.join(' ')})`,
        ...terms.map((t) => sql`position(${t} in ${haystack}) > 0`),
        liveAt(clock()),
      ], sql` and `);
      const from = sql`from search_documents d join cms_articles on cms_articles.id = d.article_id where ${matches}`;
      const titleHits = sql.join(terms.map((t) => sql`(position(${t} in lower(normalize(d.title, NFKC))) > 0)::int`), sql` + `);
      const kindFilter = q.kind ? sql` and d.kind = ${q.kind}` : sql``;

      const [counts, rows] = await Promise.all([
        db.execute<{ kind: SearchKind; n: number }>(sql`select d.kind, count(distinct d.article_id)::int as n ${from} group by d.kind`),
        db.execute<{ article_id: number; kind: SearchKind; lang: string; title: string; text: string; url: string; published_at: string | Date }>(sql`
          with hits as (select d.article_id, max(${titleHits}) as score ${from}${kindFilter} group by d.article_id)
          select s.article_id, s.kind, s.lang, s.title, s.text, s.url, s.published_at
            from hits h cross join lateral (
              select * from search_documents s where s.article_id = h.article_id
               order by (s.lang = ${q.lang}) desc, (s.lang = 'zh') desc, s.lang limit 1) s
           order by h.score desc, s.published_at desc, s.article_id desc
           limit ${q.limit} offset ${(q.page - 1) * q.limit}`),
      ]);
      for (const c of counts.rows) kinds[c.kind] = Number(c.n);
      const total = q.kind ? kinds[q.kind] : Object.values(kinds).reduce((a, b) => a + b, 0);
      const records: SearchHit[] = rows.rows.map((r) => ({
        id: Number(r.article_id), kind: r.kind, lang: r.lang, title: r.title,
        titleHtml: markTerms(r.title, terms), snippet: snippetOf(r.text, terms),
        url: r.url, route: `${ROUTE_OF[r.kind]}?id=${r.article_id}`, publishedAt: new Date(r.published_at).toISOString(),
      }));
      return { total, records, kinds, terms };
    },

    /** indexes an article's content in a language (e.g. its English translation); the Chinese is indexed by the database */
    async indexDocument(doc: DocumentContent) {
      await db.execute(sql`select search_index_document(${doc.articleId}, ${doc.lang}, ${doc.title}, ${doc.summary}, ${doc.body}, ${JSON.stringify(doc.fields)}::jsonb)`);
    },
    async removeDocument(articleId: number, lang: string) {
      await db.execute(sql`delete from search_documents where article_id = ${articleId} and lang = ${lang}`);
    },

    /** rebuilds the index when it is empty but content exists (a restored dump, a truncate) */
    async rebuildIfEmpty(): Promise<number> {
      const res = await db.execute<{ n: number }>(sql`select count(*)::int as n from search_documents`);
      if (Number(res.rows[0]?.n ?? 0) > 0) return 0;
      const done = await db.execute(sql`select search_index_document(id, 'zh', title, summary, body, fields) from cms_articles`);
      // translations re-index themselves on any write (trigger search_cms_translations)
      await db.execute(sql`update cms_translations set content = content where content is not null`);
      return done.rows.length;
    },
  };
}
export type SearchService = ReturnType<typeof searchService>;
