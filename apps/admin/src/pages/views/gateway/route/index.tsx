import { RouteList } from '@/features/gateway/RouteList';

/** Service governance › route. */
export default function Page() {
  return <RouteList />;
}
