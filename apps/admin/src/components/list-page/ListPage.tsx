import { Children, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Checkbox, Divider, Dropdown, Flex, Form, Popover, Space, Table, Tooltip, Typography } from 'antd';
import type { FormInstance, TableColumnType, TableProps } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, ColumnHeightOutlined, DownloadOutlined, DownOutlined, ReloadOutlined, SettingOutlined, UpOutlined } from '@ant-design/icons';
import type { ListExportColumn } from '@bencao/contracts';
import { download } from '@/lib/request';
import { usePermission } from '@/lib/permission';
import { useIsPhone } from '@/lib/phone';
import { arrange, move, type Density } from './columnSettings';
import { useListPrefs } from './useListPrefs';
import { TableSkeleton } from '@/components/PageSkeleton';

/** A table column that can also say how it is exported (labels of its codes), or that it is not. */
export type ListColumn<T> = TableColumnType<T> & { exportLabels?: Record<string, string>; noExport?: boolean };

export interface ListExporter {
  /** the list route the table reads */
  url: string;
  /** the current query (filters and sort); page and size are ignored */
  params: Record<string, unknown>;
  /** file name without extension, in the user's language */
  fileName: string;
  /** the export action of the list where the authority tree has one (the server checks it too) */
  authority?: string;
}

export interface ListPageProps<T> {
  /** stable id of this list, for the operator's column choices (e.g. `security.accounts`) */
  id: string;
  /** the search form's items; more than `searchCollapsed` of them fold behind "Expand" */
  search?: { form: FormInstance; onSearch: (values: Record<string, unknown>) => void; onReset: () => void; items: ReactNode; collapsed?: number };
  /** the toolbar's actions (add, batch delete …) */
  actions?: ReactNode;
  columns: ListColumn<T>[];
  table: Omit<TableProps<T>, 'columns' | 'size'>;
  onRefresh?: () => void;
  exporter?: ListExporter;
  /** above the table, below the toolbar (e.g. a selection summary) */
  extra?: ReactNode;
  /** the card's title, where the page has no other heading */
  title?: ReactNode;
}

const keyOfColumn = (c: ListColumn<unknown>): string =>
  String(c.key ?? (Array.isArray(c.dataIndex) ? c.dataIndex.join('.') : c.dataIndex ?? (typeof c.title === 'string' ? c.title : '')));

/**
 * Every console list: a search form that folds, a toolbar (actions; refresh, density, column
 * settings kept per operator, export of the current query to Excel and CSV), and the table.
 */
export function ListPage<T extends object>({ id, search, actions, columns, table, onRefresh, exporter, extra, title }: ListPageProps<T>) {
  const { t } = useTranslation('shell');
  const phone = useIsPhone();
  const can = usePermission();
  const [prefs, setPrefs] = useListPrefs(id);
  const density: Density = prefs.density ?? 'small';
  const [exporting, setExporting] = useState(false);
  const [expanded, setExpanded] = useState(false);

  const setDensity = (d: Density) => setPrefs({ ...prefs, density: d });
  const { all, visible } = useMemo(() => arrange(columns as ListColumn<unknown>[], keyOfColumn, prefs), [columns, prefs]);
  const order = all.map(keyOfColumn);

  const runExport = async (format: 'xlsx' | 'csv') => {
    if (!exporter) return;
    const exported: ListExportColumn[] = (visible as ListColumn<unknown>[])
      .filter((c) => !c.noExport && c.key !== 'actions' && c.dataIndex !== undefined && typeof c.title === 'string')
      .map((c) => ({ key: Array.isArray(c.dataIndex) ? c.dataIndex.join('.') : String(c.dataIndex), title: c.title as string, labels: c.exportLabels }));
    const params = Object.fromEntries(Object.entries(exporter.params).filter(([k, v]) => k !== 'page' && k !== 'limit' && v !== undefined && v !== '' && (typeof v !== 'object' || v === null)));
    setExporting(true);
    try {
      await download('/api/system/export', {}, `${exporter.fileName}.${format}`,
        { url: exporter.url, params, columns: exported, format, fileName: exporter.fileName, utcOffset: -new Date().getTimezoneOffset() });
    } catch { /* the client already showed the server's reason */ } finally { setExporting(false); }
  };

  const settings = (
    <div style={{ minWidth: 220 }} role="group" aria-label={t('listPage.columns')}>
      <Flex justify="space-between" align="center">
        <Typography.Text strong>{t('listPage.columns')}</Typography.Text>
        <Button type="link" size="small" onClick={() => setPrefs({ order: [], hidden: [], density: prefs.density })}>{t('listPage.resetColumns')}</Button>
      </Flex>
      <Divider style={{ margin: '6px 0' }} />
      {all.map((c, i) => {
        const key = keyOfColumn(c);
        const title = typeof c.title === 'string' ? c.title : key === 'actions' ? t('table.actions') : key;
        return (
          <Flex key={key} justify="space-between" align="center" gap={8} style={{ padding: '2px 0' }}>
            <Checkbox checked={!prefs.hidden.includes(key)}
              onChange={(e) => setPrefs({ ...prefs, order, hidden: e.target.checked ? prefs.hidden.filter((k) => k !== key) : [...prefs.hidden, key] })}>
              {title}
            </Checkbox>
            <Space size={0}>
              <Button type="text" size="small" icon={<ArrowUpOutlined />} disabled={i === 0} aria-label={`${t('listPage.moveUp')} ${title}`}
                onClick={() => setPrefs({ ...prefs, order: move(order, key, -1) })} />
              <Button type="text" size="small" icon={<ArrowDownOutlined />} disabled={i === all.length - 1} aria-label={`${t('listPage.moveDown')} ${title}`}
                onClick={() => setPrefs({ ...prefs, order: move(order, key, 1) })} />
            </Space>
          </Flex>
        );
      })}
    </div>
  );

  // the first page on its way: the rows' shape instead of an empty table
  if (table.loading && !table.dataSource?.length) table = { ...table, locale: { ...table.locale, emptyText: <TableSkeleton /> } };
  const items = search ? Children.toArray(search.items) : [];
  const fold = search?.collapsed ?? 3;
  return (
    <Card size="small" title={title}>
      {/* named, so its field ids ("<list>-search_type") never clash with those of the list's dialogs */}
      {search && (
        <Form form={search.form} name={`${id.replace(/\W/g, '-')}-search`} layout="inline" style={{ marginBottom: 12, rowGap: 8 }} onFinish={search.onSearch}>
          {items.map((item, i) => <div key={i} style={i >= fold && !expanded ? { display: 'none' } : undefined}>{item}</div>)}
          <Space>
            <Button type="primary" htmlType="submit">{t('table.search')}</Button>
            <Button onClick={() => { search.form.resetFields(); search.onReset(); }}>{t('table.reset')}</Button>
            {items.length > fold && (
              <Button type="link" onClick={() => setExpanded(!expanded)} icon={expanded ? <UpOutlined /> : <DownOutlined />} aria-expanded={expanded}>
                {expanded ? t('listPage.collapse') : t('listPage.expand')}
              </Button>
            )}
          </Space>
        </Form>
      )}
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Space wrap>{actions}</Space>
        <Space size={4}>
          {exporter && (!exporter.authority || can(exporter.authority)) && (
            <Dropdown trigger={['click']} menu={{ items: [
              { key: 'xlsx', label: t('listPage.exportXlsx'), onClick: () => runExport('xlsx') },
              { key: 'csv', label: t('listPage.exportCsv'), onClick: () => runExport('csv') },
            ] }}>
              <Button icon={<DownloadOutlined />} loading={exporting}>{exporting ? t('listPage.exporting') : t('listPage.export')}</Button>
            </Dropdown>
          )}
          {onRefresh && <Tooltip title={t('listPage.refresh')}><Button type="text" icon={<ReloadOutlined />} aria-label={t('listPage.refresh')} onClick={onRefresh} /></Tooltip>}
          <Dropdown trigger={['click']} menu={{ selectable: true, selectedKeys: [density], onClick: ({ key }) => setDensity(key as Density), items: [
            { key: 'large', label: t('listPage.loose') }, { key: 'middle', label: t('listPage.default') }, { key: 'small', label: t('listPage.compact') },
          ] }}>
            <Tooltip title={t('listPage.density')}><Button type="text" icon={<ColumnHeightOutlined />} aria-label={t('listPage.density')} /></Tooltip>
          </Dropdown>
          <Popover trigger="click" placement="bottomRight" content={settings}>
            <Tooltip title={t('listPage.columns')}><Button type="text" icon={<SettingOutlined />} aria-label={t('listPage.columns')} /></Tooltip>
          </Popover>
        </Space>
      </Flex>
      {extra}
      {/* on a phone every column keeps its natural width and the table scrolls sideways inside itself, never the page */}
      <Table<T> {...table} scroll={phone ? { x: 'max-content', ...table.scroll } : table.scroll} size={density} columns={visible as TableProps<T>['columns']} />
    </Card>
  );
}
