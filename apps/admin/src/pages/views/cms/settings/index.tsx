import { SettingsForm } from '@/features/cms/SettingsForm';

export default function CmsSettingsPage() {
  return <SettingsForm />;
}
