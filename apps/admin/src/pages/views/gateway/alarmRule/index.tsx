import { AlarmRulePage } from '@/features/gateway/AlarmEvents';

/** Service governance › alarmRule: rules and the history of their alerts. */
export default function Page() {
  return <AlarmRulePage />;
}
