import { useCallback, useEffect, useState } from 'react';
import { useDocumentMeta } from '../lib/seo';
import { PageHead } from '../ui/PageHead';

interface Check {
  name: string;
  path: string;
  state: 'pending' | 'ok' | 'fail';
  ms?: number;
  detail?: string;
}

const CHECKS: Omit<Check, 'state'>[] = [
  { name: '服务健康检查', path: '/api/health' },
  { name: '站点设置', path: '/api/site/settings' },
  { name: '导航栏目', path: '/api/art/column/columnTreeselect?parentId=1000' },
  { name: '新闻列表', path: '/api/site/articles?kind=news&page=1&limit=1' },
  { name: '产品类别', path: '/api/site/products/categories' },
];

/** /test: a self-check of this site — is each public API answering, and how fast. */
export default function SiteStatus() {
  useDocumentMeta('站点自检', '本草制药网站运行状态自检：逐项检查公开接口是否可用及响应时间。');
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
          next = { ...c, state: ok ? 'ok' : 'fail', ms: Math.round(performance.now() - t0), detail: ok ? '正常' : `HTTP ${res.status}${body?.msg ? `：${body.msg}` : ''}` };
        } catch {
          next = { ...c, state: 'fail', detail: '无法连接' };
        }
        setChecks((all) => all.map((x, j) => (j === i ? next : x)));
      }),
    );
  }, []);
  useEffect(() => void run(), [run]);
  const done = checks.every((c) => c.state !== 'pending');
  const allOk = checks.every((c) => c.state === 'ok');
  return (
    <>
      <PageHead title="站点自检" subtitle="检查本站所依赖的公开接口是否可用" crumbs={[{ label: '站点自检' }]} />
      <div className="container section narrow">
        <p className={`status-summary ${done ? (allOk ? 'is-ok' : 'is-fail') : ''}`} role="status">
          {!done ? '正在检查…' : allOk ? '全部服务运行正常' : '部分服务暂不可用'}
        </p>
        <table className="status-table">
          <caption className="sr-only">接口检查结果</caption>
          <thead>
            <tr>
              <th scope="col">检查项</th>
              <th scope="col">接口</th>
              <th scope="col">结果</th>
              <th scope="col">耗时</th>
            </tr>
          </thead>
          <tbody>
            {checks.map((c) => (
              <tr key={c.path} data-state={c.state}>
                <td>{c.name}</td>
                <td><code>{c.path.split('?')[0]}</code></td>
                <td className={`st-${c.state}`}>{c.state === 'pending' ? '检查中' : c.detail}</td>
                <td>{c.ms != null ? `${c.ms} ms` : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>
          <button type="button" className="btn btn-primary" onClick={run} disabled={!done}>重新检查</button>
        </p>
        <p className="muted">浏览器：{navigator.userAgent.includes('Mobile') ? '移动端' : '桌面端'}，视口宽度 {window.innerWidth}px。</p>
      </div>
    </>
  );
}
