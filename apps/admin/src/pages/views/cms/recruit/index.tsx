import { ApplicationList } from '@/features/recruit/ApplicationList';

export default function CmsRecruitPage() {
  return <ApplicationList />;
}
