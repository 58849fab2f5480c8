import { ListenerList } from '@/features/workflow/admin/ListenerList';

/** Workflow › Listeners. */
export default function Page() {
  return <ListenerList />;
}
