import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Input, Spin, Tree, type TreeDataNode } from 'antd';
import { ApartmentOutlined } from '@ant-design/icons';
import { call } from '@/lib/request';

interface OrganNode { id: number; parentId: number | null; code: string; name: string }
const ALL = 'all';

/** the nodes (parents first) as a tree, keeping only matches of `keyword` and the path to them */
function build(nodes: OrganNode[], keyword: string, allTitle: string): { tree: TreeDataNode[]; expanded: string[] } {
  const kw = keyword.trim().toLowerCase();
  const children = new Map<number | null, OrganNode[]>();
  const known = new Set(nodes.map((n) => n.id));
  for (const n of nodes) {
    const parent = n.parentId !== null && known.has(n.parentId) ? n.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), n]);
  }
  const expanded: string[] = [];
  const visit = (n: OrganNode): TreeDataNode | null => {
    const kids = (children.get(n.id) ?? []).map(visit).filter((x): x is TreeDataNode => x !== null);
    const hit = !kw || n.name.toLowerCase().includes(kw) || n.code.toLowerCase().includes(kw);
    if (!hit && !kids.length) return null;
    if (kw && kids.length) expanded.push(String(n.id));
    return { key: String(n.id), title: n.name, children: kids.length ? kids : undefined };
  };
  const roots = (children.get(null) ?? []).map(visit).filter((x): x is TreeDataNode => x !== null);
  if (!kw) roots.forEach((r) => expanded.push(String(r.key)));
  return { tree: [{ key: ALL, title: allTitle, icon: <ApartmentOutlined /> }, ...roots], expanded };
}

/** The organisation tree beside the accounts list (administrative view): "all" on top, searchable; picks an organ or none. */
export function OrganFilterTree({ value, onChange }: { value?: number; onChange: (organId: number | undefined) => void }) {
  const { t } = useTranslation('security');
  const [keyword, setKeyword] = useState('');
  const [open, setOpen] = useState<string[] | null>(null);
  const nodes = useQuery({ queryKey: ['security', 'organ-tree'], queryFn: () => call<OrganNode[]>('GET', '/api/security/accounts/organ-tree'), staleTime: 60_000 });
  const { tree, expanded } = useMemo(() => build(nodes.data ?? [], keyword, t('orgTree.all')), [nodes.data, keyword, t]);
  return (
    <Card size="small" title={t('orgTree.title')} styles={{ body: { padding: 8 } }} style={{ height: '100%' }}>
      <Input.Search allowClear size="small" placeholder={t('orgTree.search')} aria-label={t('orgTree.search')} style={{ marginBottom: 8 }}
        onChange={(e) => { setKeyword(e.target.value); setOpen(null); }} />
      {nodes.isLoading ? <Spin /> : tree.length <= 1 && keyword ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('orgTree.empty')} /> : (
        <Tree blockNode showLine treeData={tree} expandedKeys={open ?? expanded} onExpand={(keys) => setOpen(keys as string[])}
          selectedKeys={[value === undefined ? ALL : String(value)]}
          onSelect={(keys) => { const k = keys[0] as string | undefined; onChange(!k || k === ALL ? undefined : Number(k)); }}
          style={{ maxHeight: 'calc(100vh - 260px)', overflow: 'auto' }} />
      )}
    </Card>
  );
}
