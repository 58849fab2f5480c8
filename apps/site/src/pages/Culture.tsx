import { usePage } from '../api/site';
import { useDocumentMeta } from '../lib/seo';
import { useColumnTitle } from '../lib/useColumnTitle';
import { PageHead } from '../ui/PageHead';
import { ContentBody } from './ContentPage';
import { useT } from '../i18n';

export default function Culture() {
  const page = usePage('culture');
  const t = useT();
  const title = useColumnTitle('/corporateCulturePage', t('section.culture'));
  useDocumentMeta(page.data?.seoTitle || title, page.data?.seoDescription || page.data?.summary, page.data?.untranslated);
  return (
    <>
      <PageHead title={title} subtitle={t('culture.subtitle')} crumbs={[{ label: title }]} />
      <div className="container section narrow">
        <ContentBody state={page} />
      </div>
    </>
  );
}
