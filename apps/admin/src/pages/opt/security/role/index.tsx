import { RoleList } from '@/features/security/RoleList';

/** Security › Roles: list, grant tree, batch authorization. */
export default function RoleListPage() {
  return <RoleList />;
}
