import { FunctionTree } from '@/features/security/FunctionTree';

/** Security › Functions: the authority tree (apps → modules → functions → operations → URLs), import and export. */
export default function FunctionTreePage() {
  return <FunctionTree />;
}
