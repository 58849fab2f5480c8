import { useMemo } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { FormField, FormNode, SignatureManifest, TaskDetail, TaskHistoryEntry } from '@bencao/contracts';
import { textOf } from '@bencao/contracts';
import { call } from '@/lib/request';
import { langOf } from '@/lib/zodRule';
import { useAuth } from '@/lib/auth';
import { tasksApi } from '../api';
import { elementNames } from '../elementNames';
import { shownAction } from '../HistoryTimeline';
import { useApiImage } from '../signature/signatureApi';
import './approvalSheet.css';

/** the steps a sheet lists: what people did (arrivals, timers and the engine's inner moves are left out) */
const STEPS = new Set(['start', 'taskComplete', 'autoPass', 'reject', 'return', 'withdraw', 'void', 'revoke', 'resubmit', 'transfer', 'delegate', 'resolve', 'addSign', 'removeSign', 'skip']);

const at = (v: string | null | undefined) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '—');

function fieldsOf(nodes: FormNode[]): FormField[] {
  return nodes.flatMap((n): FormField[] => n.kind === 'field' ? [n] : n.kind === 'row' ? n.columns.flatMap((c) => fieldsOf(c.children))
    : n.kind === 'group' ? fieldsOf(n.children) : n.tabs.flatMap((tab) => fieldsOf(tab.children)));
}

function Value({ field, value }: { field?: FormField; value: unknown }) {
  const { t, i18n } = useTranslation('tasks');
  const lang = langOf(i18n.language);
  if (value === null || value === undefined || value === '') return <>{t('print.none')}</>;
  if (Array.isArray(value) && value.every((r) => r && typeof r === 'object' && !Array.isArray(r))) {
    const cols = field?.columns?.length ? field.columns.map((c) => ({ key: c.key, label: textOf(c.label, lang, c.key) }))
      : [...new Set(value.flatMap((r) => Object.keys(r as object)))].map((k) => ({ key: k, label: k }));
    return (
      <table className="sheet-subtable">
        <thead><tr>{cols.map((c) => <th key={c.key}>{c.label}</th>)}</tr></thead>
        <tbody>{value.map((r, i) => <tr key={i}>{cols.map((c) => <td key={c.key}>{String((r as Record<string, unknown>)[c.key] ?? '')}</td>)}</tr>)}</tbody>
      </table>
    );
  }
  if (field?.options && !Array.isArray(value)) {
    const o = field.options.find((x) => x.value === value);
    if (o) return <>{textOf(o.label, lang, String(value))}</>;
  }
  if (typeof value === 'boolean') return <>{value ? '✓' : '✗'}</>;
  return <>{typeof value === 'object' ? JSON.stringify(value) : String(value)}</>;
}

function SignatureCell({ m }: { m: SignatureManifest }) {
  const { t } = useTranslation('tasks');
  const img = useApiImage(m.imageUrl);
  return (
    <div className="sheet-signature" data-testid="sheet-signature">
      <div><strong>{t(`signature.meanings.${m.meaning}`)}</strong> · {m.printedName} ({m.account})</div>
      <div>{m.signedAt.replace('T', ' ')}</div>
      {img && <img src={img} alt={t('signature.image', { name: m.printedName })} />}
      <div className="sheet-hash">SHA-256 {m.dataHash}</div>
      {!m.covers && <div className="sheet-warning">{t('signature.notCovering')}</div>}
    </div>
  );
}

interface Company { companyName?: string; address?: string }

/**
 * The printable approval sheet of an instance (`/print/instance/:id`): the company's header, the request,
 * its form data, the path taken, and every step's actor, comment, time and electronic signature, in the
 * user's language; A4 print CSS, so the browser's "Save as PDF" makes the PDF.
 */
export default function ApprovalSheet() {
  const { id } = useParams();
  const { t, i18n } = useTranslation('tasks');
  const lang = langOf(i18n.language);
  const user = useAuth((s) => s.user);
  const instanceId = Number(id);
  const detail = useQuery({ queryKey: ['tasks', 'print', instanceId], queryFn: () => tasksApi.instanceView(instanceId), enabled: instanceId > 0 });
  const company = useQuery({ queryKey: ['site', 'settings', lang], queryFn: () => call<Company>('GET', '/api/site/settings', { params: { lang: lang === 'zh' ? 'zh' : 'en' } }) });
  const d: TaskDetail | undefined = detail.data;
  const names = useMemo(() => elementNames(d?.xml ?? ''), [d?.xml]);
  if (!d) return <div className="sheet" aria-busy="true">{detail.isError ? '—' : t('print.loading')}</div>;

  const nodeName = (el: string | null) => (el ? names.get(el) ?? el : '');
  const fields = d.form ? fieldsOf(d.form.schema.nodes).filter((f) => f.type !== 'description' as never) : [];
  const formRows: { label: string; field?: FormField; value: unknown }[] = d.form
    ? fields.filter((f) => f.key in d.form!.data).map((f) => ({ label: textOf(f.label, lang, f.key), field: f, value: d.form!.data[f.key] }))
    : Object.entries(d.variables).map(([k, v]) => ({ label: k, value: v }));
  const steps = d.history.filter((h) => STEPS.has(h.action));
  const unused = [...d.signatures];
  const signatureOf = (h: TaskHistoryEntry) => {
    if (h.action !== 'taskComplete') return null;
    const i = unused.findIndex((m) => m.elementId === h.elementId && m.printedName === h.actorName);
    return i < 0 ? null : unused.splice(i, 1)[0];
  };
  // the nodes passed, in the order they were entered (unnamed gateways left out)
  const path = [...new Set(d.path.completed.map((el) => names.get(el)).filter((n): n is string => !!n))];
  const ready = !company.isPending;

  return (
    <div className="sheet" data-testid="approval-sheet" aria-busy={!ready} lang={lang}>
      <div className="sheet-actions no-print">
        <button type="button" onClick={() => window.print()}>{t('print.print')}</button>
      </div>
      <header className="sheet-header">
        <div className="sheet-company">{company.data?.companyName}</div>
        {company.data?.address && <div className="sheet-address">{company.data.address}</div>}
        <h1>{t('print.title')} · {d.instance.definitionName}</h1>
      </header>
      <table className="sheet-meta">
        <tbody>
          <tr><th>{t('print.process')}</th><td>{d.instance.definitionName} (v{d.instance.version})</td><th>{t('print.instance')}</th><td>{d.instance.id}</td></tr>
          <tr><th>{t('print.businessKey')}</th><td>{d.instance.businessKey ?? t('print.none')}</td><th>{t('print.status')}</th><td>{t(`instanceStatus.${d.instance.status}`)}</td></tr>
          <tr><th>{t('print.starter')}</th><td>{d.instance.starterName ?? t('print.none')}</td><th>{t('print.startedAt')}</th><td>{at(d.instance.startedAt)}</td></tr>
          <tr><th>{t('print.endedAt')}</th><td colSpan={3}>{at(d.instance.endedAt)}</td></tr>
        </tbody>
      </table>

      <h2>{t('print.form')}</h2>
      {formRows.length ? (
        <table className="sheet-form"><tbody>
          {formRows.map((r) => <tr key={r.label}><th>{r.label}</th><td><Value field={r.field} value={r.value} /></td></tr>)}
        </tbody></table>
      ) : <p>{t('print.noForm')}</p>}

      <h2>{t('print.path')}</h2>
      <p className="sheet-path">{path.join(' → ') || t('print.none')}</p>

      <h2>{t('print.steps')}</h2>
      <table className="sheet-steps">
        <thead><tr><th>{t('print.step')}</th><th>{t('print.action')}</th><th>{t('print.actor')}</th><th>{t('print.comment')}</th><th>{t('print.time')}</th><th>{t('print.signature')}</th></tr></thead>
        <tbody>
          {steps.map((h, i) => {
            const m = signatureOf(h);
            const action = shownAction(h);
            return (
              <tr key={i}>
                <td>{nodeName(h.elementId) || t('print.none')}</td>
                <td>{t(`history.${action}`, { defaultValue: action })}</td>
                <td>{h.actorName ?? t('detail.system')}</td>
                <td>{h.comment ?? ''}</td>
                <td>{at(h.at)}</td>
                <td>{m ? <SignatureCell m={m} /> : ''}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {unused.length > 0 && (
        <>
          <h2>{t('print.signatures')}</h2>
          {unused.map((m) => <SignatureCell key={m.id} m={m} />)}
        </>
      )}
      <footer className="sheet-footer">{t('print.printedAt', { at: dayjs().format('YYYY-MM-DD HH:mm'), name: user?.userName ?? '' })}</footer>
    </div>
  );
}
