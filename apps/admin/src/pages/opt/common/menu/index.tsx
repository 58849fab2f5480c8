import { MenuEditor } from '@/features/common/MenuEditor';

/** Common components › Menus. */
export default function MenuPage() {
  return <MenuEditor />;
}
