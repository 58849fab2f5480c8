import { ParticipantList } from '@/features/workflow/admin/ParticipantList';

/** Workflow › Participants. */
export default function Page() {
  return <ParticipantList />;
}
