import { TypeTree } from '@/features/organ/TypeTree';

/** Organisation › Organ types. */
export default function OrganTypePage() {
  return <TypeTree />;
}
