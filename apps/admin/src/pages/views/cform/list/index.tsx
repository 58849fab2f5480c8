import { FormList } from '@/features/cform/FormList';

/** Cloud forms › Forms. */
export default function CformListPage() {
  return <FormList />;
}
