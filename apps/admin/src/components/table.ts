import type { TablePaginationConfig } from 'antd';
import i18n from '@/i18n';

export const PAGE_SIZES = [10, 20, 50, 100];

/**
 * SPEC §9 pager: default size 10, layout total, sizes, prev, pager, next, jumper. Pass the current
 * page and size and a change handler; the list is paged by the server.
 */
export function tablePagination(total: number, page: number, limit: number, onChange: (page: number, limit: number) => void): TablePaginationConfig {
  return {
    total, current: page, pageSize: limit, pageSizeOptions: PAGE_SIZES, showSizeChanger: true, showQuickJumper: true,
    showTotal: (n) => i18n.t('table.total', { ns: 'shell', total: n }),
    onChange: (p, size) => onChange(size !== limit ? 1 : p, size),
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
