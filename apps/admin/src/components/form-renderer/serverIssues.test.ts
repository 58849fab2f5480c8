import { describe, expect, it } from 'vitest';
import type { FormField, FormSchema } from '@bencao/contracts';
import { issuesFromMessage } from './serverIssues';

const L = (en: string, zh: string) => ({ en, zh, es: en, ja: zh });
const field = (key: string, type: FormField['type'], label: ReturnType<typeof L>, more: Partial<FormField> = {}): FormField =>
  ({ kind: 'field', id: key, key, type, label, ...more });
const schema: FormSchema = {
  version: 1,
  nodes: [
    field('amount', 'money', L('Amount', '金额')),
    field('amountDue', 'money', L('Amount due', '应付金额')),
    field('items', 'subTable', L('Items', '明细'), { columns: [field('qty', 'number', L('Qty', '数量'))] }),
  ],
};

describe('the server\'s form message on the fields it names', () => {
  it('splits "label: rule; label: rule" onto each field, the longer label first', () => {
    expect(issuesFromMessage(schema, 'Amount due: must be at most 10; Amount: is required', 'en')).toEqual([
      { name: ['amountDue'], errors: ['must be at most 10'] },
      { name: ['amount'], errors: ['is required'] },
    ]);
  });

  it('finds a sub-table cell by its row, in Chinese punctuation', () => {
    const values = { items: [{ qty: 1 }, { qty: -1 }] };
    expect(issuesFromMessage(schema, '明细第 2 行的数量：不能小于 0', 'zh', values)).toEqual([{ name: ['items', 1, 'qty'], errors: ['不能小于 0'] }]);
  });

  it('leaves out what names no field', () => {
    expect(issuesFromMessage(schema, 'The condition of flow "x" failed', 'en')).toEqual([]);
  });
});
