import { useTranslation } from 'react-i18next';
import { Tag } from 'antd';
import type { TodoTask } from '@bencao/contracts';
import { Due, ImportanceTag, when } from './labels';
import { TaskCards } from './TaskCards';

/** the amount in the console's language, as money: "¥96,000.00" */
const money = (n: number, lang: string) => new Intl.NumberFormat(lang, { style: 'currency', currency: 'CNY' }).format(n);

/**
 * The to-do on a phone (issue 26 item 8): one card per task — what, which request, who started it, the
 * amount, when it arrived and its deadline; tapping a card opens the task.
 */
export function TodoCards({ records, onOpen, empty, ...paging }: {
  records: TodoTask[]; loading: boolean; total: number; page: number; limit: number;
  onPage: (page: number, limit: number) => void; onOpen: (task: TodoTask) => void; empty: React.ReactNode;
}) {
  const { t, i18n } = useTranslation('tasks');
  return (
    <TaskCards<TodoTask>
      {...paging} records={records} rowKey={(r) => r.id} onOpen={onOpen} empty={empty} label={t('todo.cards')} testId="todo-card"
      card={(r) => ({
        title: r.name,
        alert: r.overdue,
        tags: <>
          {r.candidate && <Tag color="gold" variant="filled">{t('todo.candidate')}</Tag>}
          {r.delegated && <Tag color="cyan" variant="filled">{t('todo.delegated')}</Tag>}
          {r.importance !== 2 && <ImportanceTag value={r.importance} />}
        </>,
        sub: `${r.definitionName}${r.businessKey ? ` · ${r.businessKey}` : ''}`,
        facts: [
          [t('columns.starter'), r.starterName ?? '—'],
          r.amount !== null && [t('todo.amount'), <b data-testid="todo-card-amount">{money(r.amount, i18n.language)}</b>],
          [t('columns.arrivedAt'), when(r.arrivedAt)],
          !!r.dueAt && [t('columns.dueAt'), <Due at={r.dueAt} overdue={r.overdue} />],
        ],
      })}
    />
  );
}
