import { Alert, App, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { textOf, untranslatedNodes, type FormSchema, type Lang, type Untranslated } from '@bencao/contracts';
import { formatList } from '@/lib/format';
import { langOf } from '@/lib/zodRule';
import { usePublishForm, type FormDetail } from './api';

/** The publish question, with the texts that lack a translation listed (their readers will see the nearest one). */
export function PublishContent({ name, gaps, lang }: { name: string; gaps: Untranslated[]; lang: Lang }) {
  const { t } = useTranslation('cform');
  return (
    <>
      <Typography.Paragraph>{t('msg.confirmPublish', { name })}</Typography.Paragraph>
      {gaps.length > 0 && (
        <Alert type="warning" showIcon data-testid="publish-untranslated" title={t('msg.publishUntranslated')}
          description={(
            <ul style={{ margin: 0, paddingInlineStart: 18, maxHeight: 240, overflow: 'auto' }}>
              {gaps.map((g) => (
                <li key={g.id}>{textOf(g.text, lang, g.key ?? t('msg.untitled'))}{g.key ? ` (${g.key})` : ''}: {t('msg.missingIn', { langs: formatList(g.missing.map((l) => t(`prop.lang.${l}`)), lang) })}</li>
              ))}
            </ul>
          )} />
      )}
    </>
  );
}

/**
 * Publishing a form from the designer or from the Forms list: one question, which lists the texts of the
 * schema that lack a translation, then the publish itself. `ask` resolves once the dialog has opened.
 */
export function usePublishQuestion(onDone?: (f: FormDetail) => void) {
  const { t, i18n } = useTranslation('cform');
  const { modal } = App.useApp();
  const publish = usePublishForm(onDone);
  const ask = (form: { id: number; name: string; schema: FormSchema }) => {
    const gaps = untranslatedNodes(form.schema);
    modal.confirm({
      title: t('action.publish'), width: gaps.length ? 560 : undefined,
      content: <PublishContent name={form.name} gaps={gaps} lang={langOf(i18n.language)} />,
      onOk: () => publish.mutateAsync(form.id),
    });
  };
  return { ask, isPending: publish.isPending };
}
