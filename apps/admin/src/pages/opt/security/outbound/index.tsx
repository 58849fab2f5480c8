import { OutboundForm } from '@/features/security/OutboundForm';

/** Security › Outbound requests. */
export default function OutboundPage() {
  return <OutboundForm />;
}
