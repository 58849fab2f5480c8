import { useTranslation } from 'react-i18next';
import { Empty, Pagination, Spin, Tag } from 'antd';
import type { TodoTask } from '@bencao/contracts';
import { Due, ImportanceTag, when } from './labels';

/** the amount in the console's language, as money: "¥96,000.00" */
const money = (n: number, lang: string) => new Intl.NumberFormat(lang, { style: 'currency', currency: 'CNY' }).format(n);

/**
 * The to-do on a phone (issue 26 item 8): one card per task — what, which request, who started it, the
 * amount, when it arrived and its deadline; tapping a card opens the task.
 */
export function TodoCards({ records, loading, total, page, limit, onPage, onOpen, empty }: {
  records: TodoTask[]; loading: boolean; total: number; page: number; limit: number;
  onPage: (page: number, limit: number) => void; onOpen: (task: TodoTask) => void; empty: React.ReactNode;
}) {
  const { t, i18n } = useTranslation('tasks');
  return (
    <Spin spinning={loading}>
      {records.length ? (
        <ul className="tasks-cards" aria-label={t('todo.cards')}>
          {records.map((r) => (
            <li key={r.id}>
              <button type="button" className={`tasks-card${r.overdue ? ' tasks-card-overdue' : ''}`} data-testid="todo-card" onClick={() => onOpen(r)}>
                <span className="tasks-card-head">
                  <span className="tasks-card-title">{r.name}</span>
                  {r.candidate && <Tag color="gold" variant="filled">{t('todo.candidate')}</Tag>}
                  {r.delegated && <Tag color="cyan" variant="filled">{t('todo.delegated')}</Tag>}
                  {r.importance !== 2 && <ImportanceTag value={r.importance} />}
                </span>
                <span className="tasks-card-sub">{r.definitionName}{r.businessKey ? ` · ${r.businessKey}` : ''}</span>
                <span className="tasks-card-facts">
                  <span><span className="tasks-card-label">{t('columns.starter')}</span>{r.starterName ?? '—'}</span>
                  {r.amount !== null && <span><span className="tasks-card-label">{t('todo.amount')}</span><b data-testid="todo-card-amount">{money(r.amount, i18n.language)}</b></span>}
                  <span><span className="tasks-card-label">{t('columns.arrivedAt')}</span>{when(r.arrivedAt)}</span>
                  {r.dueAt && <span><span className="tasks-card-label">{t('columns.dueAt')}</span><Due at={r.dueAt} overdue={r.overdue} /></span>}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />}
      {total > limit && <Pagination simple current={page} pageSize={limit} total={total} onChange={onPage} style={{ marginTop: 12, textAlign: 'center' }} />}
    </Spin>
  );
}
