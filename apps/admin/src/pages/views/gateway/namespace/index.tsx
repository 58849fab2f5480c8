import { NamespaceList } from '@/features/gateway/NamespaceList';

/** Service governance › namespace. */
export default function Page() {
  return <NamespaceList />;
}
