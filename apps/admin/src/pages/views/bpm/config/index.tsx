import { SettingsForm } from '@/features/workflow/admin/SettingsForm';

/** Workflow › Process configuration. */
export default function Page() {
  return <SettingsForm />;
}
