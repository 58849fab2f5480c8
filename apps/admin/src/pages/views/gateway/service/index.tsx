import { ServiceList } from '@/features/gateway/ServiceList';

/** Service governance › service. */
export default function Page() {
  return <ServiceList />;
}
