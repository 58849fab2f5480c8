import { PortalHome } from '@/features/portal/PortalHome';

/** The console's home: the portal page assigned to the user (the former fixed dashboard is its seeded default). */
export default function DashboardPage() {
  return <PortalHome />;
}
