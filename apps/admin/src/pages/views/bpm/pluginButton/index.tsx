import { PluginPage } from '@/features/workflow/admin/PluginPage';

/** Workflow › Plugin buttons and types. */
export default function Page() {
  return <PluginPage />;
}
