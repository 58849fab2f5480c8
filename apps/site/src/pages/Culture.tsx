import { usePage } from '../api/site';
import { useDocumentMeta } from '../lib/seo';
import { useColumnTitle } from '../lib/useColumnTitle';
import { PageHead } from '../ui/PageHead';
import { ContentBody } from './ContentPage';

export default function Culture() {
  const page = usePage('culture');
  const title = useColumnTitle('/corporateCulturePage', '企业文化');
  useDocumentMeta(page.data?.seoTitle || title, page.data?.seoDescription || page.data?.summary);
  return (
    <>
      <PageHead title={title} subtitle="厚德载物，精诚制药" crumbs={[{ label: title }]} />
      <div className="container section narrow">
        <ContentBody state={page} />
      </div>
    </>
  );
}
