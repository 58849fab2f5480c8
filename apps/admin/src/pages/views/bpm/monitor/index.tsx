import { InstanceList } from '@/features/workflow/monitor/InstanceList';

/** Workflow › process monitoring. */
export default function Page() {
  return <InstanceList />;
}
