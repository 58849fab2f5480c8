import { AdrList } from '@/features/adr/AdrList';

export default function CmsAdrPage() {
  return <AdrList />;
}
