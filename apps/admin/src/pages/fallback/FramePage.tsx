import type { AppRoute } from '@/app/router/types';
import { useRouteLabel } from '@/app/layout/useRouteLabel';

/** SPEC §2: a leaf of the alternative menu whose url is an http address, in an embedded frame. */
export default function FramePage({ route }: { route: AppRoute }) {
  const label = useRouteLabel();
  return <iframe title={label(route)} src={route.url} style={{ width: '100%', height: 'calc(100vh - 130px)', border: 0, background: '#fff' }} />;
}
