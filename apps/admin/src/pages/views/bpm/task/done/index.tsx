import { DonePage } from '@/features/tasks/ListPages';

/** Workflow › done tasks (已办), with "My started" and "CC to me". */
export default function Page() {
  return <DonePage />;
}
