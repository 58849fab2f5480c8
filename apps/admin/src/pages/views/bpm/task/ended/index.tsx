import { EndedPage } from '@/features/tasks/ListPages';

/** Workflow › ended tasks (办结). */
export default function Page() {
  return <EndedPage />;
}
