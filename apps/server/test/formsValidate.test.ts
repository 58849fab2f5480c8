import { describe, expect, it } from 'vitest';
import { formSchemaSchema, type FormField, type FormSchema } from '@bencao/contracts';
import { isFieldRequired, isFieldVisible, recompute, schemaCelProblems } from '@bencao/contracts/forms/cel';
import { checkDocument, compileDocument, documentJsonSchema, schemaForNode } from '../src/modules/forms/validate';

const f = (key: string, type: FormField['type'], more: Partial<FormField> = {}): FormField =>
  ({ kind: 'field', id: key, key, type, label: { en: key[0].toUpperCase() + key.slice(1), zh: key }, ...more });

const schema: FormSchema = {
  version: 1,
  nodes: [
    { kind: 'tabs', id: 't', tabs: [
      { id: 't1', title: { en: 'Basic' }, children: [f('name', 'text', { required: true, minLength: 2 }), f('idCard', 'text', { pattern: 'chineseIdCard' })] },
      { id: 't2', title: { en: 'Money' }, children: [
        f('lines', 'subTable', { columns: [f('qty', 'number'), f('price', 'money'), f('sub', 'computed', { expression: 'data.qty * data.price' })], sumColumns: ['sub', 'qty'] }),
        f('discount', 'number', { min: 0, max: 100 }),
        f('net', 'computed', { expression: 'sums.lines.sub * (100.0 - data.discount) / 100.0', precision: 2 }),
      ] },
    ] },
    f('big', 'switch'),
    f('approver', 'text', { visibleWhen: 'has(data.net) && data.net > 1000', requiredWhen: 'data.big == true' }),
    f('when', 'date'),
    f('tags', 'checkbox', { options: [{ value: 'a', label: { en: 'A' } }, { value: 'b', label: { en: 'B' } }] }),
    f('line', 'divider'),
  ],
};

describe('schema → ajv', () => {
  it('gives each field the JSON Schema of its widget, layout flattened, display widgets left out', () => {
    const js = documentJsonSchema(schema) as { properties: Record<string, Record<string, unknown>>; additionalProperties: boolean };
    expect(Object.keys(js.properties)).toEqual(['name', 'idCard', 'lines', 'discount', 'net', 'big', 'approver', 'when', 'tags']);
    expect(js.additionalProperties).toBe(false);
    expect(js.properties.name).toEqual({ type: 'string', minLength: 2 });
    expect(js.properties.idCard).toEqual({ type: 'string', bencaoPattern: 'chineseIdCard' });
    expect(js.properties.discount).toEqual({ type: 'number', minimum: 0, maximum: 100 });
    expect(js.properties.tags).toMatchObject({ type: 'array', items: { type: 'string', enum: ['a', 'b'] } });
  });

  it('the compiled check applies the SPEC §5 pattern with the shared predicate (checksum included)', () => {
    const v = compileDocument(schema);
    expect(v({ idCard: '11010519491231002X' })).toBe(true);
    expect(v({ idCard: '110105194912310021' })).toBe(false);
    expect(v({ when: '2026-02-30' })).toBe(false);
    expect(v({ when: '2026-02-28' })).toBe(true);
    expect(v({ tags: ['a', 'c'] })).toBe(false);
  });
});

describe('conditional rules and computed fields', () => {
  it('recomputes row cells, column sums and fields that use them, in reading order', () => {
    const { data, sums } = recompute(schema, { lines: [{ qty: 2, price: 300.5 }, { qty: 1, price: 800 }], discount: 10 });
    expect(data.lines).toEqual([{ qty: 2, price: 300.5, sub: 601 }, { qty: 1, price: 800, sub: 800 }]);
    expect(sums.lines).toEqual({ sub: 1401, qty: 3 });
    expect(data.net).toBe(1260.9);
  });

  it('a computed field whose inputs are missing is empty, not an error', () => {
    expect(recompute(schema, {}).data.net).toBeNull();
  });

  it('visibleWhen and requiredWhen follow the data', () => {
    const approver = schema.nodes.find((n) => n.kind === 'field' && n.key === 'approver') as FormField;
    expect(isFieldVisible(approver, { net: 500 })).toBe(false);
    expect(isFieldVisible(approver, { net: 5000 })).toBe(true);
    expect(isFieldRequired(approver, { big: true })).toBe(true);
    expect(isFieldRequired(approver, { big: false })).toBe(false);
  });

  it('a field required by requiredWhen is only required while it is visible, and a hidden one loses its value', () => {
    const base = { name: 'Li', big: true, discount: 0 };
    // net 100: approver not shown → not required, and its value is dropped
    const small = checkDocument(schema, { ...base, lines: [{ qty: 1, price: 100 }], approver: 'x' }, { lang: 'en' });
    expect(small.approver).toBeUndefined();
    expect(() => checkDocument(schema, { ...base, lines: [{ qty: 1, price: 2000 }] }, { lang: 'en' })).toThrow('Approver: cannot be empty');
  });

  it('reports several fields at once, in reading order, in the caller language', () => {
    expect(() => checkDocument(schema, { name: 'L', discount: 120, idCard: '123' }, { lang: 'zh' }))
      .toThrow('name：长度不能少于 2 个字符; idCard：请输入正确的身份证号码（15 位或 18 位）; discount：不能大于 100');
  });

  it('finds expressions that are not valid CEL before they are published', () => {
    const bad = { ...schema, nodes: [...schema.nodes, f('oops', 'computed', { expression: 'data.a +' })] };
    expect(schemaCelProblems(bad).map((p) => p.key)).toEqual(['oops']);
  });

  it('the node view leaves hidden fields out and marks read-only ones', () => {
    const node = schemaForNode(schema, { fields: { name: 'hidden', approver: 'write' }, defaultPermission: 'read' });
    expect(JSON.stringify(node.schema)).not.toContain('"name"');
    expect(node.permissions).toMatchObject({ approver: 'write', idCard: 'read', net: 'read' });
  });

  it('the schema itself is checked: unique keys, key format', () => {
    expect(formSchemaSchema.safeParse(schema).success).toBe(true);
    const dup = formSchemaSchema.safeParse({ ...schema, nodes: [...schema.nodes, f('name', 'text')] });
    expect(dup.success).toBe(false);
    expect(formSchemaSchema.safeParse({ version: 1, nodes: [f('1bad', 'text')] }).success).toBe(false);
  });
});
