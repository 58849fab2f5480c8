import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEMO, startTestServer, type TestServer } from './harness';

const TOKEN = 'metrics-token-for-the-test-0123456789';
const scrape = (s: TestServer, token?: string) => fetch(`${s.url}/metrics`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('GET /metrics without METRICS_TOKEN', () => {
  let s: TestServer;
  beforeAll(async () => { s = await startTestServer({ metricsToken: undefined }); });
  afterAll(async () => { await s?.close(); });

  it('answers 404 whatever is sent, as if there were no such route', async () => {
    expect((await scrape(s)).status).toBe(404);
    expect((await scrape(s, 'anything')).status).toBe(404);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let s: TestServer;
  beforeAll(async () => { s = await startTestServer({ metricsToken: TOKEN }); });
  afterAll(async () => { await s?.close(); });

  it('refuses no token and a wrong one with 401 and shows no figures', async () => {
    for (const res of [await scrape(s), await scrape(s, `${TOKEN}x`), await scrape(s, TOKEN.slice(1))]) {
      expect(res.status).toBe(401);
      expect(await res.text()).not.toContain('bencao_');
    }
  });

  it('answers Prometheus text with the named families; a request shows up under its route pattern, not its URL', async () => {
    const token = await s.login(DEMO.admin.userId, DEMO.admin.password);
    expect((await s.request('GET', '/api/security/roles/987654321', { token })).status).toBe(404);
    const res = await scrape(s, TOKEN);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    for (const family of [
      'bencao_http_request_duration_seconds', 'bencao_db_query_duration_seconds', 'bencao_db_pool_connections',
      'bencao_workflow_jobs', 'bencao_workflow_job_lag_seconds', 'bencao_workflow_open_tasks', 'bencao_gateway_requests_total',
      'bencao_login_failures', 'bencao_login_locks', 'bencao_process_cpu_seconds_total', 'bencao_process_resident_memory_bytes',
      'bencao_nodejs_eventloop_lag_seconds',
    ]) expect(text).toContain(`# TYPE ${family} `);
    expect(text).toMatch(/bencao_http_request_duration_seconds_count\{method="GET",route="\/api\/security\/roles\/:id",status="404"\} 1\n/);
    expect(text).not.toContain('987654321');
    expect(text).toMatch(/bencao_db_query_duration_seconds_count\{outcome="ok"\} [1-9]/);
    expect(text).toMatch(/bencao_workflow_jobs\{state="failed"\} \d+/);
  });

  it('counts a wrong password in the login figures', async () => {
    const before = await (await scrape(s, TOKEN)).text();
    const failures = (t: string) => Number(/bencao_login_failures\{subject="account"\} (\d+)/.exec(t)?.[1]);
    expect((await s.loginRaw(DEMO.editor.userId, 'wrong-password')).status).toBe(400);
    expect(failures(await (await scrape(s, TOKEN)).text())).toBe(failures(before) + 1);
  });
});

describe('readiness /api/health/ready', () => {
  let s: TestServer;
  beforeAll(async () => { s = await startTestServer(); });
  afterAll(async () => { await s?.close(); });

  it('is 200 with the database up and every migration applied, 503 once a migration is pending; liveness stays 200', async () => {
    const ready = await s.request('GET', '/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.data).toEqual({ status: 'ready', database: true, migrations: true });
    // as after deploying a build whose newest migration has not run yet
    await s.built.deps.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`);
    const pending = await s.request('GET', '/api/health/ready');
    expect(pending.status).toBe(503);
    expect(pending.body.data).toEqual({ status: 'not ready', database: true, migrations: false });
    expect((await s.request('GET', '/api/health')).status).toBe(200);
  });
});
