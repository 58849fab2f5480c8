import { OperationLog } from '@/features/audit/OperationLog';

/** Audit › Operation log: search, detail, CSV export. */
export default function OperationLogPage() {
  return <OperationLog />;
}
