import { describe, expect, it } from 'vitest';
import { configBetaSchema } from '@bencao/contracts';
import { serverFieldErrors, zodRule } from './zodRule';

/** runs the rule of one field the way antd does, answering its error text ('' when it passes) */
async function check(values: Record<string, unknown>, field: string, lang: 'en' | 'zh' = 'en') {
  const rule = zodRule(configBetaSchema, lang);
  const made = typeof rule === 'function' ? rule({ getFieldsValue: () => values } as never) : rule;
  try { await made.validator!({ field } as never, values[field], () => undefined); return ''; } catch (e) { return (e as Error).message; }
}

describe('zod rules at a list field', () => {
  it('show an item\'s error at the list field, naming the item', async () => {
    expect(await check({ ips: ['10.0.0.1', '10.0.0.300'], content: 'a=1' }, 'ips')).toBe('item 2: "10.0.0.300" is not an IP address');
    expect(await check({ ips: ['x', '10.0.0.1', 'y'], content: 'a=1' }, 'ips', 'zh')).toBe('第 1 项：“x”不是有效的 IP 地址；第 3 项：“y”不是有效的 IP 地址');
    expect(await check({ ips: ['10.0.0.1'], content: 'a=1' }, 'ips')).toBe('');
  });
  it('leave another field\'s errors to that field', async () => {
    expect(await check({ ips: ['nope'], content: 'a=1' }, 'content')).toBe('');
  });
});

describe('a server\'s 400 at the form\'s fields', () => {
  const refusal = (message: string, status = 400) => Object.assign(new Error(message), { status });
  it('places "ips.0: …" at the ips field, naming the item, in every wording of the field separator', () => {
    expect(serverFieldErrors(refusal('ips.0: "nope" is not an IP address'), ['ips', 'content'], 'en'))
      .toEqual([{ name: ['ips'], errors: ['item 1: "nope" is not an IP address'] }]);
    expect(serverFieldErrors(refusal('ips.1：“nope”不是有效的 IP 地址; content：不能为空'), ['ips', 'content'], 'zh')).toEqual([
      { name: ['ips'], errors: ['第 2 项：“nope”不是有效的 IP 地址'] },
      { name: ['content'], errors: ['不能为空'] },
    ]);
  });
  it('ignores answers that are not a validation refusal or name no field of the form', () => {
    expect(serverFieldErrors(refusal('ips.0: taken', 409), ['ips'], 'en')).toEqual([]);
    expect(serverFieldErrors(refusal('body: is not valid'), ['ips'], 'en')).toEqual([]);
    expect(serverFieldErrors(new Error('Network Error'), ['ips'], 'en')).toEqual([]);
  });
});
