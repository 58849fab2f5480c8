import { usePage } from '../api/site';
import { useDocumentMeta } from '../lib/seo';
import { useT } from '../i18n';
import { PageHead } from '../ui/PageHead';
import { ContentBody } from './ContentPage';

/** The privacy policy (a CMS page, slug `privacy`): linked from the footer and from the ADR and job forms. */
export default function Privacy() {
  const page = usePage('privacy');
  const title = useT()('footer.privacy');
  useDocumentMeta(page.data?.seoTitle || page.data?.title || title, page.data?.seoDescription || page.data?.summary);
  return (
    <>
      <PageHead title={title} crumbs={[{ label: title }]} />
      <div className="container section narrow">
        <ContentBody state={page} />
      </div>
    </>
  );
}
