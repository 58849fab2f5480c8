import { useColumns } from '../api/site';

/** The label editors gave the column of a list route (e.g. 新闻中心), else the fallback. */
export function useColumnTitle(path: string, fallback: string): string {
  const columns = useColumns().data;
  return columns?.find((c) => c.path.split('?')[0] === path)?.label ?? fallback;
}
