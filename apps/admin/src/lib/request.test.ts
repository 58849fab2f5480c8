import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { call, http, request, RequestError } from './request';
import { registerFeedback } from './feedback';
import { tokenStore } from './token';

/** SPEC §7/§8 behaviour of the console's request client, with the network replaced by a fake adapter. */
let sent: InternalAxiosRequestConfig[] = [];
let clock = 0;
const toasts: string[] = [];
const dialogs: { title: string; content: string; onOk: () => void }[] = [];
const navigations: string[] = [];

function answer(status: number, data: unknown, headers: Record<string, string> = {}): AxiosAdapter {
  return async (config) => {
    sent.push(config);
    const res = { data, status, statusText: String(status), headers, config, request: {} };
    if (status >= 400) {
      const err = Object.assign(new Error(`HTTP ${status}`), { isAxiosError: true, response: res, config, code: undefined });
      throw err;
    }
    return res;
  };
}

beforeEach(() => {
  sent = [];
  toasts.length = 0;
  dialogs.length = 0;
  navigations.length = 0;
  registerFeedback({
    message: { error: ({ content }: { content: string }) => { toasts.push(content); } } as never,
    modal: { confirm: (o: { title: string; content: string; onOk: () => void }) => { dialogs.push(o); } } as never,
    navigate: (to) => navigations.push(to),
  });
  localStorage.clear();
  vi.useFakeTimers();
  vi.setSystemTime(Date.now() + (++clock) * 60_000); // past any toast of the previous test
});
afterEach(() => { vi.useRealTimers(); });

describe('request client', () => {
  it('adds the bearer token and resolves with the envelope data', async () => {
    tokenStore.set('tok-1', 'ref-1', 3600);
    http.defaults.adapter = answer(200, { code: 200, msg: 'ok', data: { total: 1, records: [{ id: 1 }] } });
    await expect(call('GET', '/api/security/roles', { params: { page: 1 } })).resolves.toEqual({ total: 1, records: [{ id: 1 }] });
    expect(sent[0].headers.Authorization).toBe('Bearer tok-1');
    expect(sent[0].timeout).toBe(60000);
  });

  it('code 0 counts as success too', async () => {
    http.defaults.adapter = answer(200, { code: 0, msg: '', data: 5 });
    await expect(call('GET', '/api/x')).resolves.toBe(5);
  });

  it('posts form-encoded bodies with dotted nested keys', async () => {
    http.defaults.adapter = answer(200, { code: 200, msg: '', data: null });
    await call('POST', '/api/gateway/routes', { body: { routeId: 'r1', meta: { owner: 'ops', weight: 2 }, ids: [3, 4], note: null } });
    expect(String(sent[0].headers['Content-Type'])).toContain('application/x-www-form-urlencoded');
    expect(decodeURIComponent(String(sent[0].data))).toBe('routeId=r1&meta.owner=ops&meta.weight=2&ids[0]=3&ids[1]=4&note=');
  });

  it('sends /admin GET params as they are, and drops empty filters elsewhere', async () => {
    http.defaults.adapter = answer(200, { code: 200, msg: '', data: [] });
    await call('GET', '/api/admin/current/menus', { params: { clientId: 'admin', optType: 0 } });
    expect(sent[0].paramsSerializer).toBeUndefined();
    await call('GET', '/api/audit/login-logs', { params: { page: 1, userId: '', ip: undefined } });
    const serialize = (sent[1].paramsSerializer as { serialize: (p: object) => string }).serialize;
    expect(serialize(sent[1].params)).toBe('page=1');
  });

  it('a non-200 envelope shows its message once and rejects', async () => {
    http.defaults.adapter = answer(200, { code: 500, msg: '数据库不可用', data: null });
    await expect(call('GET', '/api/x')).rejects.toBeInstanceOf(RequestError);
    http.defaults.adapter = answer(200, { code: 409, msg: 'Route ID already exists', data: null });
    await expect(call('GET', '/api/y')).rejects.toMatchObject({ code: 409 });
    // the second toast came while the first was visible (3000 ms): suppressed
    expect(toasts).toEqual(['数据库不可用']);
    vi.advanceTimersByTime(3001);
    await expect(call('GET', '/api/y')).rejects.toMatchObject({ code: 409 });
    expect(toasts).toEqual(['数据库不可用', 'Route ID already exists']);
  });

  it('10002 asks to log in again with the server message; confirming ends the session and goes to login', async () => {
    tokenStore.set('tok-2', 'ref-2', 3600);
    http.defaults.adapter = answer(401, { code: 10002, msg: 'Your session has ended (forced out by an administrator).', data: null });
    await expect(call('GET', '/api/x')).rejects.toMatchObject({ code: 10002 });
    expect(dialogs).toHaveLength(1);
    expect(dialogs[0].content).toContain('forced out');
    dialogs[0].onOk();
    expect(tokenStore.get()).toBeNull();
    expect(navigations).toEqual(['/login']);
  });

  it('HTTP 401 without 10002 says the session is invalid, logs out and goes to login', async () => {
    tokenStore.set('tok-3', 'ref-3', 3600);
    http.defaults.adapter = answer(401, { code: 401, msg: 'no session', data: null });
    await expect(call('GET', '/api/x')).rejects.toMatchObject({ status: 401 });
    expect(toasts).toHaveLength(1);
    expect(tokenStore.get()).toBeNull();
    expect(navigations).toEqual(['/login']);
  });

  it('400 invalid_grant tells a locked account from a wrong password', async () => {
    http.defaults.adapter = answer(400, { error: 'invalid_grant', error_description: 'Account locked', locked: true });
    await expect(request({ method: 'POST', url: '/api/oauth/token', data: {} })).rejects.toMatchObject({ message: 'Account locked' });
  });

  it('HTTP 500: the server message when it is Chinese, the import hint for the function import, else a generic text', async () => {
    http.defaults.adapter = answer(500, { code: 500, msg: 'System error', data: null });
    await expect(call('POST', '/api/security/tree/import', { form: new FormData() })).rejects.toMatchObject({ message: expect.stringMatching(/SQL/) });
    vi.advanceTimersByTime(3001);
    http.defaults.adapter = answer(500, { code: 500, msg: '系统错误，请联系系统管理员', data: null });
    await expect(call('GET', '/api/x')).rejects.toMatchObject({ message: '系统错误，请联系系统管理员' });
    vi.advanceTimersByTime(3001);
    http.defaults.adapter = answer(500, { code: 500, msg: 'System error', data: null });
    await expect(call('GET', '/api/x')).rejects.toMatchObject({ message: expect.not.stringMatching(/System error/) });
  });

  it('HTTP 500 on a process release endpoint (workflow publish / republish) shows the server message as it is', async () => {
    http.defaults.adapter = answer(500, { code: 500, msg: 'Engine store unavailable', data: null });
    await expect(call('POST', '/api/workflow/definitions/7/publish', { body: {} })).rejects.toMatchObject({ message: 'Engine store unavailable' });
    vi.advanceTimersByTime(3001);
    await expect(call('POST', '/api/workflow/versions/3/republish', { body: {} })).rejects.toMatchObject({ message: 'Engine store unavailable' });
    vi.advanceTimersByTime(3001);
    // other workflow calls keep the generic text for a non-Chinese message
    await expect(call('POST', '/api/workflow/definitions/7/start', { body: {} })).rejects.toMatchObject({ message: expect.not.stringMatching(/Engine store/) });
    expect(toasts.slice(0, 2)).toEqual(['Engine store unavailable', 'Engine store unavailable']);
  });

  it('binary answers pass through untouched', async () => {
    const blob = new Blob(['a,b\n1,2'], { type: 'text/csv' });
    http.defaults.adapter = answer(200, blob);
    await expect(request({ method: 'GET', url: '/api/audit/operation-logs/export', responseType: 'blob' })).resolves.toBe(blob);
  });
});
