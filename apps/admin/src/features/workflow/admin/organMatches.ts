/** The organ tree picker's search: the server's matches in a view (`GET /api/organ/views/:id/search`) as tree nodes. */
export interface TreeNode { id: number; pId: number | null; value: number; title: string; isLeaf: boolean }
export interface OrganMatch { id: number; name: string; typeName: string; path: number[]; pathNames: string[] }

/** the server's matches in the view with the organs above them, as tree nodes (names as the operator reads them) */
export function matchNodes(matches: readonly OrganMatch[]): TreeNode[] {
  const nodes = new Map<number, TreeNode>();
  for (const m of matches) {
    m.path.forEach((id, i) => {
      const self = id === m.id;
      if (!nodes.has(id) || self) nodes.set(id, { id, pId: i ? m.path[i - 1] : null, value: id, title: self ? `${m.name}（${m.typeName}）` : m.pathNames[i], isLeaf: false });
    });
  }
  return [...nodes.values()];
}

