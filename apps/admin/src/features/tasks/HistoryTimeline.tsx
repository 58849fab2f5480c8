import { useTranslation } from 'react-i18next';
import { Empty, Timeline, Typography } from 'antd';
import { textOf, type LocalText, type TaskHistoryEntry } from '@bencao/contracts';
import { langOf } from '@/lib/zodRule';
import { when } from './labels';
import type { SignatureManifest } from '@bencao/contracts';
import { SignatureManifestView, type SignData } from './signature/SignatureManifestView';

const COLOURS: [RegExp, string][] = [
  [/^(approve|autoPass|complete|end|resolve|processEnded)/i, 'green'],
  [/^(reject|void|terminate|interrupt|fail)/i, 'red'],
  [/^(return|withdraw|urge|timeout)/i, 'orange'],
];
const colourOf = (action: string) => COLOURS.find(([re]) => re.test(action))?.[1] ?? 'blue';

/** a completed task says how it was decided (`data.outcome`: approve, reject, …): that is what people want to read */
export function shownAction(h: TaskHistoryEntry): string {
  const outcome = h.data?.outcome;
  return h.action === 'taskComplete' && typeof outcome === 'string' && outcome ? outcome : h.action;
}

/** What happened to the instance, oldest first: the action, the node, who and when, and their comment. */
export function HistoryTimeline({ history, nameOf, signatures = [] }: {
  history: TaskHistoryEntry[]; nameOf: (id: string | null) => string | null;
  /** the instance's signatures (`sign` entries show their manifest, marked when it no longer covers the data) */
  signatures?: SignatureManifest[];
}) {
  const { t } = useTranslation('tasks');
  if (!history.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noHistory')} />;
  const sorted = history.map((h, i) => ({ h, i })).sort((a, b) => a.h.at.localeCompare(b.h.at) || a.i - b.i);
  return (
    <Timeline
      items={sorted.map(({ h, i }) => {
        const node = nameOf(h.elementId);
        const action = shownAction(h);
        return {
          key: i,
          color: colourOf(action),
          content: (
            <div>
              <Typography.Text strong>{t(`history.${action}`, { defaultValue: action })}</Typography.Text>
              {node && <Typography.Text> · {node}</Typography.Text>}
              <div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>{h.actorName ?? t('detail.system')} · {when(h.at)}</Typography.Text>
              </div>
              {h.comment && <div className="tasks-timeline-comment">{h.comment}</div>}
              {h.action === 'sign' && h.data && <SignatureManifestView data={h.data as SignData} manifest={signatures.find((m) => m.id === (h.data as SignData).signatureId)} />}
              {h.action === 'dataChange' && <Changes data={h.data} />}
            </div>
          ),
        };
      })}
    />
  );
}

interface FieldChange { field: string; label?: LocalText; old: unknown; new: unknown }

/** a form change kept by the server (history `dataChange`): each field with its old and new value */
function Changes({ data }: { data: TaskHistoryEntry['data'] }) {
  const { t, i18n } = useTranslation('tasks');
  const changes = (Array.isArray(data?.changes) ? data.changes : []) as FieldChange[];
  const shown = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : Array.isArray(v) ? t('history.rows', { n: v.length })
    : typeof v === 'boolean' ? t(v ? 'variables.yes' : 'variables.no') : typeof v === 'object' ? JSON.stringify(v) : String(v));
  return (
    <ul className="tasks-timeline-changes" data-testid="tasks-history-changes" style={{ margin: '4px 0 0', paddingLeft: 18, fontSize: 12 }}>
      {changes.map((c) => (
        <li key={c.field}>{t('history.changeTo', { field: textOf(c.label, langOf(i18n.language), c.field), old: shown(c.old), new: shown(c.new), interpolation: { escapeValue: false } })}</li>
      ))}
    </ul>
  );
}
