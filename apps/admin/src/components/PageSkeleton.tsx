import { Card, Skeleton } from 'antd';

/** What a screen shows while its chunk or its first data is on the way: its shape (a toolbar and rows), not a blank area. */
export function PageSkeleton() {
  return (
    <Card size="small" data-testid="page-skeleton" aria-hidden>
      <Skeleton.Input active size="small" style={{ width: 320, marginBottom: 16 }} />
      <Skeleton active title={false} paragraph={{ rows: 8, width: '100%' }} />
    </Card>
  );
}

/** The rows' place in a table whose first page is loading. */
export function TableSkeleton() {
  return <Skeleton active title={false} paragraph={{ rows: 6, width: '100%' }} style={{ padding: '8px 0' }} />;
}
