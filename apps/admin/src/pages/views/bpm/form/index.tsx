import { FormList } from '@/features/cform/FormList';

/** Workflow › Process forms: the published forms processes can bind (fill in and data as on the cloud form list). */
export default function BpmFormPage() {
  return <FormList processOnly />;
}
