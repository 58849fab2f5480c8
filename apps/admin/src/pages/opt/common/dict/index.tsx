import { DictList } from '@/features/common/DictList';

/** Common components › Dictionaries. */
export default function DictPage() {
  return <DictList />;
}
