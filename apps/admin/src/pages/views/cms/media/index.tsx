import { MediaLibrary } from '@/features/cms/MediaLibrary';

export default function CmsMediaPage() {
  return <MediaLibrary />;
}
