import type { Dispatch, SetStateAction } from 'react';
import type { TablePaginationConfig } from 'antd';
import i18n from '@/i18n';

export const PAGE_SIZES = [10, 20, 50, 100];

/**
 * SPEC §9 pager: default size 10, layout total, sizes, prev, pager, next, jumper. The list is paged
 * by the server: pass a change handler, or let the table's `onTableChange` take the page. `approximate`:
 * the server's total is an estimate (a large list past its exact count), shown as "about".
 */
export function tablePagination(total: number, page: number, limit: number, onChange?: (page: number, limit: number) => void, approximate?: boolean): TablePaginationConfig {
  return {
    total, current: page, pageSize: limit, pageSizeOptions: PAGE_SIZES, showSizeChanger: true, showQuickJumper: true,
    showTotal: (n) => i18n.t(approximate ? 'table.totalAbout' : 'table.total', { ns: 'shell', total: n }),
    onChange: onChange && ((p, size) => onChange(size !== limit ? 1 : p, size)),
  };
}

interface ListState { page: number; limit: number; sort?: string; order?: string }
interface Sorted { order?: 'ascend' | 'descend' | null; field?: unknown }

/**
 * A server-paged, server-sorted table's `onChange`: page and size (page 1 when the size changes) and
 * the sorted column go into the list's query. It updates from the latest query, because antd calls
 * the pager's own `onChange` just before this one.
 */
export function onTableChange<Q extends ListState>(setQ: Dispatch<SetStateAction<Q>>) {
  return (p: TablePaginationConfig, _filters: unknown, s: Sorted | Sorted[]) => {
    const sorter = Array.isArray(s) ? s[0] : s;
    const order = sortOrder(sorter?.order);
    setQ((prev) => {
      const limit = p.pageSize ?? prev.limit;
      return { ...prev, page: limit !== prev.limit ? 1 : p.current ?? prev.page, limit, sort: order ? String(sorter?.field) : undefined, order };
    });
  };
}

/** antd's sort order → the API's `order`. */
export const sortOrder = (order: 'ascend' | 'descend' | null | undefined): 'asc' | 'desc' | undefined =>
  order === 'ascend' ? 'asc' : order === 'descend' ? 'desc' : undefined;

/** The SPEC §9 pager layout for a table that keeps its own page state. */
export const pagerLayout: TablePaginationConfig = {
  showSizeChanger: true, showQuickJumper: true, pageSizeOptions: PAGE_SIZES,
  showTotal: (n) => i18n.t('table.total', { ns: 'shell', total: n }),
};
