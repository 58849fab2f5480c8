import { WorkCalendar } from '@/features/common/WorkCalendar';

/** Common components › Working calendar. */
export default function CalendarPage() {
  return <WorkCalendar />;
}
