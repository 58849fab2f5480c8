import { AssignmentList } from '@/features/portal/AssignmentList';

export default function PortalAssignmentPage() {
  return <AssignmentList />;
}
