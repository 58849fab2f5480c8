import type { Key, ReactNode } from 'react';
import { Empty, Pagination, Spin } from 'antd';

/** What one card shows: a title (tinted like a link), tags beside it, a line under it and labelled facts in two columns. */
export interface TaskCardContent {
  title: ReactNode;
  tags?: ReactNode;
  sub?: ReactNode;
  facts: (readonly [label: string, value: ReactNode] | false | null | undefined)[];
  /** a red edge (an overdue task) */
  alert?: boolean;
}

/**
 * The tasks screens' lists on a phone (issue 26 item 8, issue 28): one card per row that a thumb can tap to open
 * it, with the list's paging under the cards. The to-do, done, started, copied and ended lists all use it.
 */
export function TaskCards<T>({ records, rowKey, card, label, testId, loading, total, page, limit, onPage, onOpen, empty }: {
  records: T[]; rowKey: (r: T) => Key; card: (r: T) => TaskCardContent; label: string; testId: string;
  loading: boolean; total: number; page: number; limit: number;
  onPage: (page: number, limit: number) => void; onOpen: (r: T) => void; empty: ReactNode;
}) {
  return (
    <Spin spinning={loading}>
      {records.length ? (
        <ul className="tasks-cards" aria-label={label}>
          {records.map((r) => {
            const c = card(r);
            return (
              <li key={rowKey(r)}>
                <button type="button" className={`tasks-card${c.alert ? ' tasks-card-overdue' : ''}`} data-testid={testId} onClick={() => onOpen(r)}>
                  <span className="tasks-card-head">
                    <span className="tasks-card-title">{c.title}</span>
                    {c.tags}
                  </span>
                  {c.sub ? <span className="tasks-card-sub">{c.sub}</span> : null}
                  <span className="tasks-card-facts">
                    {c.facts.map((f) => (f ? <span key={f[0]}><span className="tasks-card-label">{f[0]}</span>{f[1]}</span> : null))}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />}
      {total > limit && <Pagination simple current={page} pageSize={limit} total={total} onChange={onPage} style={{ marginTop: 12, textAlign: 'center' }} />}
    </Spin>
  );
}
