import { GatewayMetrics } from '@/features/gateway/Metrics';

/** Service governance › metrics. */
export default function Page() {
  return <GatewayMetrics />;
}
