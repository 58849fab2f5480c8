import { PageManager } from '@/features/portal/PageManager';

export default function PortalPageManagerPage() {
  return <PageManager />;
}
