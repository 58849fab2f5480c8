import { describe, expect, it } from 'vitest';
import { alarmReceiverSchema, flowRuleSchema, organKeywordQuerySchema, regionSchema, roleSchema } from '@bencao/contracts';
import { maxLengthOf, pickerKeyword } from './schemaLimits';

describe('maxLengthOf: inputs stop at the shared schema\'s limit (issue 28 item 3)', () => {
  it('reads the limit through optional, nullish and transformed fields', () => {
    expect(maxLengthOf(alarmReceiverSchema, 'account')).toBe(100);
    expect(maxLengthOf(alarmReceiverSchema, 'telephone')).toBe(30);
    expect(maxLengthOf(alarmReceiverSchema, 'name')).toBe(100);
    expect(maxLengthOf(flowRuleSchema, 'sourceApp')).toBe(100);
    expect(maxLengthOf(organKeywordQuerySchema, 'keyword')).toBe(100);
    expect(maxLengthOf(roleSchema, 'code')).toBe(100);
    expect(maxLengthOf(regionSchema, 'code')).toBe(20);
  });
  it('has no limit for what is not a text', () => {
    expect(maxLengthOf(flowRuleSchema, 'count')).toBeUndefined();
    expect(maxLengthOf(flowRuleSchema, 'nope')).toBeUndefined();
  });
});

describe('the staff and organ pickers send at most the searches\' limit', () => {
  it('cuts a 101-character search to 100', () => {
    expect(pickerKeyword(`  ${'张'.repeat(101)} `)).toBe('张'.repeat(100));
    expect(pickerKeyword(' 王 ')).toBe('王');
  });
});
