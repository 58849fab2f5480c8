import { useCallback, useEffect, useState } from 'react';
import { useDocumentMeta } from '../lib/seo';
import { PageHead } from '../ui/PageHead';
import { statusText } from './statusText';

type CheckName = 'health' | 'settings' | 'columns' | 'news' | 'categories';

interface Check {
  name: CheckName;
  path: string;
  state: 'pending' | 'ok' | 'fail';
  ms?: number;
  /** a failure: the HTTP status and the server's message; none when the server could not be reached */
  status?: number;
  msg?: string;
}

const CHECKS: Omit<Check, 'state'>[] = [
  { name: 'health', path: '/api/health' },
  { name: 'settings', path: '/api/site/settings' },
  { name: 'columns', path: '/api/art/column/columnTreeselect?parentId=1000' },
  { name: 'news', path: '/api/site/articles?kind=news&page=1&limit=1' },
  { name: 'categories', path: '/api/site/products/categories' },
];

/** /test: a self-check of this site — is each public API answering, and how fast. */
export default function SiteStatus() {
  const t = statusText.use();
  useDocumentMeta(t('title'), t('description'));
  const [checks, setChecks] = useState<Check[]>(CHECKS.map((c) => ({ ...c, state: 'pending' })));
  const run = useCallback(async () => {
    setChecks(CHECKS.map((c) => ({ ...c, state: 'pending' })));
    await Promise.all(
      CHECKS.map(async (c, i) => {
        const t0 = performance.now();
        let next: Check;
        try {
          const res = await fetch(c.path, { headers: { Accept: 'application/json' }, cache: 'no-store' });
          const body = (await res.json().catch(() => null)) as { code?: number; msg?: string } | null;
          const ok = res.ok && (body?.code === 200 || body?.code === 0);
          next = { ...c, state: ok ? 'ok' : 'fail', ms: Math.round(performance.now() - t0), status: res.status, msg: body?.msg };
        } catch {
          next = { ...c, state: 'fail' };
        }
        setChecks((all) => all.map((x, j) => (j === i ? next : x)));
      }),
    );
  }, []);
  useEffect(() => void run(), [run]);
  // the browser's own facts, read after hydration (the server has neither, and the markup must match)
  const [browser, setBrowser] = useState<{ mobile: boolean; width: number } | null>(null);
  useEffect(() => setBrowser({ mobile: navigator.userAgent.includes('Mobile'), width: window.innerWidth }), []);
  const done = checks.every((c) => c.state !== 'pending');
  const allOk = checks.every((c) => c.state === 'ok');
  return (
    <>
      <PageHead title={t('title')} subtitle={t('subtitle')} crumbs={[{ label: t('title') }]} />
      <div className="container section narrow">
        <p className={`status-summary ${done ? (allOk ? 'is-ok' : 'is-fail') : ''}`} role="status">
          {!done ? t('checking') : allOk ? t('allOk') : t('someFailed')}
        </p>
        <table className="status-table">
          <caption className="sr-only">{t('caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('item')}</th>
              <th scope="col">{t('api')}</th>
              <th scope="col">{t('result')}</th>
              <th scope="col">{t('time')}</th>
            </tr>
          </thead>
          <tbody>
            {checks.map((c) => (
              <tr key={c.path} data-state={c.state}>
                <td>{t(c.name)}</td>
                <td><code>{c.path.split('?')[0]}</code></td>
                <td className={`st-${c.state}`}>{c.state === 'pending' ? t('pending') : c.state === 'ok' ? t('ok') : c.status == null ? t('offline') : t(c.msg ? 'httpMsg' : 'http', { status: c.status, msg: c.msg ?? '' })}</td>
                <td>{c.ms != null ? `${c.ms} ms` : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>
          <button type="button" className="btn btn-primary" onClick={run} disabled={!done}>{t('again')}</button>
        </p>
        {browser && <p className="muted">{t('browser', { device: t(browser.mobile ? 'mobile' : 'desktop'), width: browser.width })}</p>}
      </div>
    </>
  );
}
