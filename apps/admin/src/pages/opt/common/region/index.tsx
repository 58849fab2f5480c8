import { RegionTree } from '@/features/common/RegionTree';

/** Common components › Regions. */
export default function RegionPage() {
  return <RegionTree />;
}
