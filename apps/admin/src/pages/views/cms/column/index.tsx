import { ColumnTree } from '@/features/cms/ColumnTree';

export default function CmsColumnPage() {
  return <ColumnTree />;
}
