import { PermissionList } from '@/features/workflow/admin/PermissionList';

/** Workflow › Process permissions. */
export default function Page() {
  return <PermissionList />;
}
