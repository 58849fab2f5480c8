import { MenuTypeList } from '@/features/common/MenuTypeList';

/** Common components › Menu categories. */
export default function MenuTypePage() {
  return <MenuTypeList />;
}
