import { SerialList } from '@/features/common/SerialList';

/** Common components › Business serial numbers. */
export default function SerialPage() {
  return <SerialList />;
}
