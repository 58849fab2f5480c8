import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { alarmReceiverSchema, menuSchema, regionSchema, roleSchema, serviceSchema } from '@bencao/contracts';
import { zodRule } from './zodRule';

/** the error text antd shows at `field` ('' when it passes) */
async function check(schema: z.ZodType, values: Record<string, unknown>, field: string, lang: 'en' | 'zh' = 'en', prepare?: (v: Record<string, unknown>) => unknown) {
  const rule = zodRule(schema, lang, prepare);
  const made = typeof rule === 'function' ? rule({ getFieldsValue: () => values } as never) : rule;
  try { await made.validator!({ field } as never, values[field], () => undefined); return ''; } catch (e) { return (e as Error).message; }
}

describe('console forms word every rule like the server (issue 28)', () => {
  it('a limit reads "maximum length N characters", never zod\'s "Too big" (item 3)', async () => {
    const receiver = { name: 'Duty', workStart: '09:00', workEnd: '18:00' };
    expect(await check(alarmReceiverSchema, { ...receiver, account: 'a'.repeat(101) }, 'account')).toBe('maximum length 100 characters');
    expect(await check(alarmReceiverSchema, { ...receiver, telephone: '1'.repeat(31) }, 'telephone', 'zh')).toBe('长度不能超过 30 个字符');
    const lines = { metadata: { ['k'.repeat(101)]: '' } };
    expect(await check(serviceSchema, { name: 's', protectThreshold: 0, ...lines }, 'metadata', 'zh')).toBe('键名长度不能超过 100 个字符');
  });
  it('an empty region level is "cannot be empty" (item 4)', async () => {
    const region = { code: 'ZZ', name: 'Nowhere', parentCode: null };
    expect(await check(regionSchema, region, 'type')).toBe('cannot be empty');
    expect(await check(regionSchema, region, 'type', 'zh')).toBe('不能为空');
    expect(await check(regionSchema, { ...region, type: 'city' }, 'type')).toBe('');
  });
  it('codes, menu paths and authorities follow one rule (item 5)', async () => {
    expect(await check(roleSchema, { code: '-1', name: 'x' }, 'code', 'zh')).toBe('须以字母开头，只能包含字母、数字、_、- 和 :');
    expect(await check(roleSchema, { code: 'auditor_2', name: 'x' }, 'code')).toBe('');
    const menu = { menuTypeId: 'console', menuCode: 'm1', names: { en: 'M' }, seq: 1 };
    expect(await check(menuSchema, { ...menu, path: 'a b' }, 'path')).toBe('must be a route path starting with /, such as /system/users, without spaces');
    expect(await check(menuSchema, { ...menu, path: 'opt/security/role' }, 'path')).toBe('');
    expect(await check(menuSchema, { ...menu, authority: '-1' }, 'authority')).toBe('must start with a letter and contain only letters, digits, _, - and :');
  });
});
