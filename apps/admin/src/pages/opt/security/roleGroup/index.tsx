import { RoleGroupList } from '@/features/security/RoleGroupList';

/** Security › Role groups. */
export default function RoleGroupListPage() {
  return <RoleGroupList />;
}
