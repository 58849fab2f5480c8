import { PolicyForm } from '@/features/security/PolicyForm';

/** Security › Global password policy. */
export default function PolicyFormPage() {
  return <PolicyForm />;
}
