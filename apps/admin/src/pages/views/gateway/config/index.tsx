import { ConfigList } from '@/features/gateway/ConfigList';

/** Service governance › config. */
export default function Page() {
  return <ConfigList />;
}
