import { AccountList } from '@/features/security/AccountList';

/** Security › Accounts: list, form, unlock, reset password, roles, effective authorities. */
export default function AccountListPage() {
  return <AccountList />;
}
