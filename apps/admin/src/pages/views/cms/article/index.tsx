import { useSearchParams } from 'react-router';
import { ARTICLE_KINDS, type ArticleKind } from '@bencao/contracts';
import { ArticleList } from '@/features/cms/ArticleList';
import { ArticleEditor } from '@/features/cms/ArticleEditor';

/** Website content: the list of one kind, or the editor (`?kind=news&edit=12`, `?kind=news&edit=new`). */
export default function CmsArticlePage() {
  const [params, setParams] = useSearchParams();
  const kind = (ARTICLE_KINDS as readonly string[]).includes(params.get('kind') ?? '') ? (params.get('kind') as ArticleKind) : 'news';
  const edit = params.get('edit');
  const go = (next: Record<string, string>) => setParams(next);
  if (edit) {
    const id = edit === 'new' ? null : Number(edit);
    return (
      <ArticleEditor
        key={`${kind}-${edit}`}
        id={id}
        kind={kind}
        onClose={() => go({ kind })}
        onCreated={(newId) => setParams({ kind, edit: String(newId) }, { replace: true })}
      />
    );
  }
  return <ArticleList kind={kind} onKind={(k) => go({ kind: k })} onEdit={(id) => go({ kind, edit: String(id) })} onNew={() => go({ kind, edit: 'new' })} />;
}
