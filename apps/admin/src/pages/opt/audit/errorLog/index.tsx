import { ErrorLog } from '@/features/audit/ErrorLog';

/** Audit › Client error log. */
export default function ErrorLogPage() {
  return <ErrorLog />;
}
