import { ViewList } from '@/features/organ/ViewList';

/** Organisation › Organ views. */
export default function OrganViewPage() {
  return <ViewList />;
}
