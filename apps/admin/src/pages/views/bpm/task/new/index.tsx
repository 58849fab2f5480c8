import { NewTaskPage } from '@/features/tasks/NewTaskPage';

/** Workflow › new task (发起). */
export default function Page() {
  return <NewTaskPage />;
}
