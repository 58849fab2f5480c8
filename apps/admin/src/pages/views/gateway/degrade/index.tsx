import { DegradeRuleList } from '@/features/gateway/Rules';

/** Service governance › degrade. */
export default function Page() {
  return <DegradeRuleList />;
}
