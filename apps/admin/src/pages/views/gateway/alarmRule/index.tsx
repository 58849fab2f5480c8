import { AlarmRuleList } from '@/features/gateway/Rules';

/** Service governance › alarmRule. */
export default function Page() {
  return <AlarmRuleList />;
}
