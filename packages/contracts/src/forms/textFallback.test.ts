import { describe, expect, it } from 'vitest';
import { fieldLabel, textOf, untranslatedNodes, type FormField, type FormSchema } from './schema';

const field = (label: FormField['label'], extra: Partial<FormField> = {}): FormField => ({ kind: 'field', id: `f_${extra.key ?? 'x'}`, key: 'x', type: 'text', label, ...extra });

describe('a form\'s texts in a language they were not written in (issue 28, item 2)', () => {
  it('Japanese falls back to Chinese then English, Spanish to English, English and Chinese to each other', () => {
    const both = { en: 'Amount', zh: '金额' };
    expect(textOf(both, 'ja')).toBe('金额');
    expect(textOf(both, 'es')).toBe('Amount');
    expect(textOf({ zh: '金额' }, 'es')).toBe('金额');
    expect(textOf({ en: 'Amount' }, 'ja')).toBe('Amount');
    expect(textOf({ es: 'Importe' }, 'zh')).toBe('Importe');
    expect(textOf({ en: 'Amount', zh: '金额', es: 'Importe', ja: '金額' }, 'ja')).toBe('金額');
  });

  it('an empty or blank translation is missing, and with none at all the field shows its key', () => {
    expect(textOf({ en: 'Amount', ja: ' ', es: '' }, 'ja')).toBe('Amount');
    expect(fieldLabel(field({}, { key: 'amount' }), 'es')).toBe('amount');
  });

  it('lists the fields, options, groups and tabs lacking a translation, and leaves an untitled divider alone', () => {
    const schema: FormSchema = { version: 1, nodes: [
      field({ en: 'Name', zh: '名称', es: 'Nombre', ja: '名称' }, { key: 'name', id: 'f1' }),
      field({ en: 'Kind', zh: '类别', es: 'Tipo', ja: '種類' }, { key: 'kind', id: 'f2', type: 'select', options: [{ value: 'a', label: { en: 'A', zh: '甲' } }] }),
      { kind: 'group', id: 'g1', title: { zh: '明细' }, children: [field({ en: 'Amount', zh: '金额' }, { key: 'amount', id: 'f3', type: 'money' })] },
      field({}, { key: 'line', id: 'd1', type: 'divider' }),
    ] };
    expect(untranslatedNodes(schema).map((u) => [u.id, u.missing])).toEqual([
      ['f2', ['es', 'ja']], ['g1', ['en', 'es', 'ja']], ['f3', ['es', 'ja']],
    ]);
  });
});
