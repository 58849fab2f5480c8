import { PerformancePage } from '@/features/workflow/performance/PerformancePage';

/** Workflow › Performance analysis. */
export default function Page() {
  return <PerformancePage />;
}
