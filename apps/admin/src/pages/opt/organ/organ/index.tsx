import { OrganTree } from '@/features/organ/OrganTree';

/** Organisation › Organs: a tree per view, and the staff positions hold. */
export default function OrganPage() {
  return <OrganTree />;
}
