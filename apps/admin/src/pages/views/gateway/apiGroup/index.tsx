import { ApiGroupList } from '@/features/gateway/Rules';

/** Service governance › apiGroup. */
export default function Page() {
  return <ApiGroupList />;
}
