import { useMemo, useState } from 'react';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { AutoComplete, Select, TreeSelect, type SelectProps } from 'antd';
import type { OrganNode, Page } from '@bencao/contracts';
import { call } from '@/lib/request';
import { pickerKeyword } from '@/lib/schemaLimits';
import { workflowAdminApi, wfKeys } from '../api/admin';
import { bpmnNodes } from './bpmnNodes';
import { matchNodes, type OrganMatch, type TreeNode } from './organMatches';

/**
 * Pickers of the workflow administration screens over the other modules' APIs: accounts, roles, organs
 * (tree of an organisation view), positions, process definitions and their nodes.
 */
interface AccountOption { id: number; userId: string; userName: string }
interface RoleOption { id: number; code: string; name: string }
interface OrganOption { id: number; code: string; name: string; typeName: string; staffName?: string | null }
interface ViewOption { id: number; code: string; name: string }

type Ids = number[];
interface MultiProps<V> { id?: string; value?: V; onChange?: (v: V) => void; placeholder?: string; disabled?: boolean }

const accountLabel = (a: AccountOption) => `${a.userName}（${a.userId}）`;

/** Accounts by search (user id, name, e-mail, mobile); several, or one with `single`. */
export function AccountSelect({ id, value, onChange, placeholder, disabled, single }: MultiProps<Ids> & { single?: boolean }) {
  const [kw, setKw] = useState('');
  const list = useQuery({
    queryKey: ['workflow', 'account-options', kw],
    queryFn: () => call<Page<AccountOption>>('GET', '/api/security/accounts', { params: { page: 1, limit: 50, keyword: kw || undefined, sort: 'userId', order: 'asc' } }),
    placeholderData: keepPreviousData,
  });
  const known = new Set((list.data?.records ?? []).map((a) => a.id));
  const missing = (value ?? []).filter((v) => !known.has(v));
  const extra = useQueries({
    queries: missing.map((m) => ({ queryKey: ['workflow', 'account', m], queryFn: () => call<AccountOption>('GET', `/api/security/accounts/${m}`), staleTime: 60_000 })),
  });
  const options = [...extra.flatMap((q) => (q.data ? [q.data] : [])), ...(list.data?.records ?? [])]
    .filter((o, i, all) => all.findIndex((x) => x.id === o.id) === i)
    .map((a) => ({ value: a.id, label: accountLabel(a) }));
  return (
    <Select<number | number[]>
      id={id} mode={single ? undefined : 'multiple'} allowClear disabled={disabled} placeholder={placeholder} style={{ width: '100%' }}
      showSearch={{ filterOption: false, onSearch: setKw }} loading={list.isFetching} options={options}
      value={single ? value?.[0] : value} onChange={(v) => onChange?.(([] as number[]).concat(v ?? []))}
    />
  );
}

/** Roles (value: role ids; a rule may also name roles by code). */
export function RoleSelect({ id, value, onChange, placeholder, disabled }: MultiProps<(number | string)[]>) {
  const roles = useQuery({
    queryKey: ['workflow', 'role-options'],
    queryFn: () => call<Page<RoleOption>>('GET', '/api/security/roles', { params: { page: 1, limit: 500, sort: 'code', order: 'asc' } }),
    staleTime: 60_000,
  });
  const records = roles.data?.records ?? [];
  // a rule naming a role by its code shows as that role
  const shown = (value ?? []).map((v) => (typeof v === 'string' ? records.find((r) => r.code === v)?.id ?? v : v));
  return (
    <Select<(number | string)[]>
      id={id} mode="multiple" allowClear disabled={disabled} placeholder={placeholder} style={{ width: '100%' }}
      showSearch={{ optionFilterProp: 'label' }} loading={roles.isFetching} value={shown} onChange={(v) => onChange?.(v ?? [])}
      options={records.map((r) => ({ value: r.id, label: `${r.name}（${r.code}）` }))}
    />
  );
}

/** The organisation views (the organ tree is per view). */
export function useOrganViews() {
  return useQuery({ queryKey: ['workflow', 'organ-views'], queryFn: () => call<ViewOption[]>('GET', '/api/organ/view-options'), staleTime: 60_000 });
}

export function ViewSelect({ id, value, onChange, placeholder }: MultiProps<number | null>) {
  const views = useOrganViews();
  return (
    <Select<number | null>
      id={id} allowClear placeholder={placeholder} style={{ width: '100%' }} loading={views.isFetching} value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)} options={(views.data ?? []).map((v) => ({ value: v.id, label: v.name }))}
    />
  );
}

/**
 * Organs picked in the tree of an organisation view (its children load as they are opened); several at once.
 * Typing searches the whole view on the server (by code, or by the name the operator reads) and opens the tree there.
 */
export function OrganTreeSelect({ id, value, onChange, placeholder, viewId, disabled }: MultiProps<Ids> & { viewId?: number | null }) {
  const views = useOrganViews();
  const view = viewId ?? views.data?.find((v) => v.code === 'admin')?.id ?? views.data?.[0]?.id;
  const [loaded, setLoaded] = useState<Record<string, TreeNode[]>>({});
  const [typed, setTyped] = useState('');
  const [expanded, setExpanded] = useState<number[]>([]);
  const keyword = pickerKeyword(typed);
  const toNode = (o: OrganNode): TreeNode => ({ id: o.id, pId: o.parentId, value: o.id, title: `${o.name}（${o.typeName}）`, isLeaf: !o.hasChildren });
  const roots = useQuery({
    queryKey: ['workflow', 'organ-children', view, null],
    queryFn: () => call<OrganNode[]>('GET', `/api/organ/views/${view}/children`),
    enabled: typeof view === 'number',
  });
  const picked = useQuery({
    queryKey: ['workflow', 'organs-by-ids', value],
    queryFn: () => call<OrganOption[]>('GET', '/api/organ/organs/by-ids', { params: { ids: (value ?? []).join(',') } }),
    enabled: (value ?? []).length > 0,
    staleTime: 60_000,
  });
  const found = useQuery({
    queryKey: ['workflow', 'organ-search', view, keyword],
    queryFn: () => call<OrganMatch[]>('GET', `/api/organ/views/${view}/search`, { params: { keyword } }),
    enabled: typeof view === 'number' && keyword !== '',
    placeholderData: keepPreviousData,
  });
  // a match by code does not show its code: the server's matches stay in the filtered tree
  const matched = new Set(keyword ? (found.data ?? []).map((m) => m.id) : []);
  // the tree opens down to each match as the server's answer arrives (antd opens it only on a keystroke)
  const opened = keyword ? [...new Set([...expanded, ...(found.data ?? []).flatMap((m) => m.path.slice(0, -1))])] : expanded;
  const data = useMemo(() => {
    const nodes = [...(roots.data ?? []).map(toNode), ...Object.values(loaded).flat()];
    const seen = new Set(nodes.map((n) => n.id));
    for (const n of keyword ? matchNodes(found.data ?? []) : []) if (!seen.has(n.id)) { nodes.push(n); seen.add(n.id); }
    // picked organs not loaded yet still show their names
    for (const o of picked.data ?? []) if (!seen.has(o.id)) nodes.push({ id: o.id, pId: -1, value: o.id, title: `${o.name}（${o.typeName}）`, isLeaf: true });
    return nodes;
  }, [roots.data, loaded, picked.data, keyword, found.data]);
  return (
    <TreeSelect<number[]>
      id={id} multiple treeCheckable={false} allowClear disabled={disabled} placeholder={placeholder} style={{ width: '100%' }} value={value}
      onChange={(v) => onChange?.(v ?? [])} treeDataSimpleMode treeData={data} loading={roots.isFetching || found.isFetching}
      showSearch onSearch={setTyped} popupMatchSelectWidth={false} treeExpandedKeys={opened} onTreeExpand={(keys) => setExpanded(keys as number[])}
      filterTreeNode={(input, node) => matched.has(node.value as number) || String(node.title).toLowerCase().includes(input.trim().toLowerCase())}
      loadData={async (node) => {
        const pid = node.value as number;
        if (loaded[pid] || view === undefined) return;
        const children = await call<OrganNode[]>('GET', `/api/organ/views/${view}/children`, { params: { parentId: pid } });
        setLoaded((m) => ({ ...m, [pid]: children.map(toNode) }));
      }}
    />
  );
}

/** Positions (organs whose type holds staff), searched by code or name; several at once. */
export function PositionSelect({ id, value, onChange, placeholder }: MultiProps<Ids>) {
  const [kw, setKw] = useState('');
  const list = useQuery({
    queryKey: ['workflow', 'position-options', kw],
    queryFn: () => call<OrganOption[]>('GET', '/api/organ/organs/options', { params: { keyword: kw || undefined, positions: 'true', limit: 50 } }),
    placeholderData: keepPreviousData,
  });
  const picked = useQuery({
    queryKey: ['workflow', 'organs-by-ids', value],
    queryFn: () => call<OrganOption[]>('GET', '/api/organ/organs/by-ids', { params: { ids: (value ?? []).join(',') } }),
    enabled: (value ?? []).length > 0,
    staleTime: 60_000,
  });
  const options = [...(picked.data ?? []), ...(list.data ?? [])]
    .filter((o, i, all) => all.findIndex((x) => x.id === o.id) === i)
    .map((o) => ({ value: o.id, label: `${o.name}（${o.code}${o.staffName ? ` · ${o.staffName}` : ''}）` }));
  return (
    <Select<number[]>
      id={id} mode="multiple" allowClear placeholder={placeholder} style={{ width: '100%' }} value={value} onChange={(v) => onChange?.(v ?? [])}
      showSearch={{ filterOption: false, onSearch: setKw }} loading={list.isFetching} options={options}
    />
  );
}

/** The process definitions (engine's list), for pickers: loaded once per screen visit. */
export function useDefinitions() {
  return useQuery({ queryKey: wfKeys.definitions, queryFn: () => workflowAdminApi.definitions(), staleTime: 30_000 });
}

/** A process definition by key. */
export function DefinitionSelect({ id, value, onChange, placeholder, allowClear = true, style }: MultiProps<string | null> & { allowClear?: boolean; style?: SelectProps['style'] }) {
  const defs = useDefinitions();
  const options = (defs.data?.records ?? []).map((d) => ({ value: d.key, label: `${d.name}（${d.key}）` }));
  if (value && !options.some((o) => o.value === value)) options.unshift({ value, label: value });
  return (
    <Select<string | null>
      id={id} allowClear={allowClear} placeholder={placeholder} style={{ width: '100%', ...style }} value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)} showSearch={{ optionFilterProp: 'label' }} loading={defs.isFetching} options={options}
    />
  );
}

/** The flow nodes of a definition's latest published version (parsed from its XML), for node pickers. */
export function useDefinitionNodes(definitionKey: string | null | undefined, types?: readonly string[]) {
  const defs = useDefinitions();
  const versionId = defs.data?.records.find((d) => d.key === definitionKey)?.latestVersionId ?? null;
  const version = useQuery({
    queryKey: ['workflow', 'version-xml', versionId],
    queryFn: () => call<{ xml: string }>('GET', `/api/workflow/versions/${versionId}`),
    enabled: typeof versionId === 'number',
    staleTime: 60_000,
  });
  return useMemo(() => bpmnNodes(version.data?.xml, types), [version.data, types]);
}

/** Node ids of a definition: picked from its latest version's nodes, or typed (e.g. before the first publish). */
export function NodeSelect({ id, value, onChange, placeholder, definitionKey, multiple, types }: MultiProps<string[] | string | null> & {
  definitionKey: string | null | undefined; multiple?: boolean; types?: readonly string[];
}) {
  const nodes = useDefinitionNodes(definitionKey, types);
  const options = nodes.map((n) => ({ value: n.id, label: n.name ? `${n.name}（${n.id}）` : n.id }));
  if (multiple) {
    return (
      <Select<string[]>
        id={id} mode="tags" allowClear placeholder={placeholder} style={{ width: '100%' }} value={(value as string[] | undefined) ?? []}
        onChange={(v) => onChange?.(v ?? [])} options={options} tokenSeparators={[',', ' ']}
      />
    );
  }
  // one node: picked from the list or typed
  return (
    <AutoComplete
      id={id} allowClear placeholder={placeholder} style={{ width: '100%' }} value={(value as string | null | undefined) ?? ''}
      onChange={(v: string) => onChange?.(v ? v : null)} options={options}
      showSearch={{ filterOption: (input, o) => String(o?.value ?? '').toLowerCase().includes(input.toLowerCase()) || String(o?.label ?? '').toLowerCase().includes(input.toLowerCase()) }}
    />
  );
}
