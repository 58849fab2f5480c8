import { TodoPage } from '@/features/tasks/TodoPage';

/** Workflow › to-do tasks (待办). */
export default function Page() {
  return <TodoPage />;
}
