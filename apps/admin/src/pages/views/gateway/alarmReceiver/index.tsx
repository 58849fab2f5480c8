import { AlarmReceiverList } from '@/features/gateway/Rules';

/** Service governance › alarmReceiver. */
export default function Page() {
  return <AlarmReceiverList />;
}
