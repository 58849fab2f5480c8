import { LoginLog } from '@/features/audit/LoginLog';

/** Audit › Login log. */
export default function LoginLogPage() {
  return <LoginLog />;
}
