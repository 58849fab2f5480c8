import { CredentialList } from '@/features/gateway/CredentialList';

/** Service governance › application credentials of the open API. */
export default function Page() {
  return <CredentialList />;
}
