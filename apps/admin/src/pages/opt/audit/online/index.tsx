import { OnlineUsers } from '@/features/audit/OnlineUsers';

/** Audit › Online users with force logout. */
export default function OnlineUsersPage() {
  return <OnlineUsers />;
}
