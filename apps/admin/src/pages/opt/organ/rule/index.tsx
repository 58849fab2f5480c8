import { RuleList } from '@/features/organ/RuleList';

/** Organisation › Organ rules. */
export default function OrganRulePage() {
  return <RuleList />;
}
