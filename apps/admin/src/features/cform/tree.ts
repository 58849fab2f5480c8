import { SUB_TABLE_COLUMN_TYPES, formFields, type FieldType, type FormField, type FormNode, type FormSchema, type Lang, type LocalText } from '@bencao/contracts';

/** Pure edits of a form schema's tree, used by the designer (each returns a new schema). */

export const ROOT = 'root';
export type PaletteKind = FieldType | 'row' | 'group' | 'tabs';

let seq = 0;
export const newId = (prefix: string) => `${prefix}_${Date.now().toString(36)}${(seq++).toString(36)}`;

/** The list of nodes a container id names: the root, a row column, a group, a tab, or a sub-table's columns. */
function childrenArray(schema: FormSchema, container: string): FormNode[] | null {
  if (container === ROOT) return schema.nodes;
  let found: FormNode[] | null = null;
  const walk = (ns: FormNode[]) => {
    for (const n of ns) {
      if (found) return;
      if (n.kind === 'field' && n.type === 'subTable' && n.id === container) { n.columns ??= []; found = n.columns; return; }
      if (n.kind === 'group') { if (n.id === container) { found = n.children; return; } walk(n.children); }
      if (n.kind === 'row') for (const c of n.columns) { if (c.id === container) { found = c.children; return; } walk(c.children); }
      if (n.kind === 'tabs') for (const t of n.tabs) { if (t.id === container) { found = t.children; return; } walk(t.children); }
    }
  };
  walk(schema.nodes);
  return found;
}

/** Where a node is: its container id and index. */
export function locate(schema: FormSchema, id: string): { container: string; index: number } | null {
  let out: { container: string; index: number } | null = null;
  const walk = (ns: FormNode[], container: string) => {
    ns.forEach((n, index) => {
      if (out) return;
      if (n.id === id) { out = { container, index }; return; }
      if (n.kind === 'field' && n.type === 'subTable') walk(n.columns ?? [], n.id);
      if (n.kind === 'group') walk(n.children, n.id);
      if (n.kind === 'row') n.columns.forEach((c) => walk(c.children, c.id));
      if (n.kind === 'tabs') n.tabs.forEach((t) => walk(t.children, t.id));
    });
  };
  walk(schema.nodes, ROOT);
  return out;
}

export function findNode(schema: FormSchema, id: string): FormNode | null {
  const at = locate(schema, id);
  return at ? childrenArray(schema, at.container)![at.index] : null;
}

/** Whether `container` lies inside node `id` (a node cannot be dropped into itself). */
export function isInside(schema: FormSchema, id: string, container: string): boolean {
  const node = findNode(schema, id);
  if (!node || container === ROOT) return false;
  const probe: FormSchema = { version: 1, nodes: [node] };
  return container === id || childrenArray(probe, container) !== null;
}

/** Whether a node may go into a container: a sub-table takes only plain column widgets. */
export function accepts(schema: FormSchema, container: string, node: FormNode | { kind: 'field'; type: FieldType } | { kind: PaletteKind }): boolean {
  const target = container === ROOT ? null : findNode(schema, container);
  const isSub = target?.kind === 'field' && target.type === 'subTable';
  if (!isSub) return true;
  return node.kind === 'field' && 'type' in node && SUB_TABLE_COLUMN_TYPES.includes(node.type);
}

const clone = (s: FormSchema): FormSchema => structuredClone(s);

export function insertNode(schema: FormSchema, container: string, index: number, node: FormNode): FormSchema {
  const next = clone(schema);
  const list = childrenArray(next, container);
  if (!list) return schema;
  list.splice(Math.max(0, Math.min(index, list.length)), 0, node);
  return next;
}

export function removeNode(schema: FormSchema, id: string): FormSchema {
  const next = clone(schema);
  const at = locate(next, id);
  if (!at) return schema;
  childrenArray(next, at.container)!.splice(at.index, 1);
  return next;
}

export function moveNode(schema: FormSchema, id: string, container: string, index: number): FormSchema {
  const node = findNode(schema, id);
  const from = locate(schema, id);
  if (!node || !from || isInside(schema, id, container) || !accepts(schema, container, node)) return schema;
  const without = removeNode(schema, id);
  const adjusted = from.container === container && from.index < index ? index - 1 : index;
  return insertNode(without, container, adjusted, node);
}

export function replaceNode(schema: FormSchema, id: string, node: FormNode): FormSchema {
  const next = clone(schema);
  const at = locate(next, id);
  if (!at) return schema;
  childrenArray(next, at.container)![at.index] = node;
  return next;
}

/** A key not yet used in the form (`text1`, `text2`, …). */
export function freshKey(schema: FormSchema, type: string): string {
  const used = new Set(formFields(schema).flatMap((f) => [f.key, ...(f.columns ?? []).map((c) => c.key)]));
  for (let i = 1; ; i++) if (!used.has(`${type}${i}`)) return `${type}${i}`;
}

/**
 * A new node of a palette kind, labelled by `names` in the designer's language only: the other
 * languages stay empty until the operator translates them (the renderer falls back meanwhile), so a
 * widget's name never passes for a translation.
 */
export function createNode(schema: FormSchema, kind: PaletteKind, names: (key: string) => string, lang: Lang): FormNode {
  const text = (key: string): LocalText => ({ [lang]: names(key) });
  if (kind === 'row') {
    return { kind: 'row', id: newId('row'), columns: [{ id: newId('col'), span: 12, children: [] }, { id: newId('col'), span: 12, children: [] }] };
  }
  if (kind === 'group') return { kind: 'group', id: newId('grp'), title: text('group'), children: [] };
  if (kind === 'tabs') {
    return { kind: 'tabs', id: newId('tabs'), tabs: [1, 2].map((n) => ({ id: newId('tab'), title: { [lang]: `${names('tab')} ${n}` }, children: [] })) };
  }
  const f: FormField = { kind: 'field', id: newId('fld'), key: freshKey(schema, kind), type: kind, label: text(kind), span: 24 };
  if (kind === 'select' || kind === 'radio' || kind === 'checkbox') {
    f.options = [1, 2].map((n) => ({ value: `option${n}`, label: { [lang]: `${names('optionValue')} ${n}` } }));
  }
  if (kind === 'money') f.precision = 2;
  if (kind === 'subTable') f.columns = [];
  if (kind === 'computed') f.expression = '';
  return f;
}
