import { FlowRuleList } from '@/features/gateway/Rules';

/** Service governance › flow. */
export default function Page() {
  return <FlowRuleList />;
}
