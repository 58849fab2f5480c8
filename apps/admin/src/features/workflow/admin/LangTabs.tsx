import { useTranslation } from 'react-i18next';
import { Form, Input, Tabs } from 'antd';
import type { FormRule } from 'antd';
import { WF_LANGS } from '@bencao/contracts';
import { langOf } from '@/lib/zodRule';

/** The four languages' tab labels (each in its own language, as the language menus show them). */
export const LANG_NAMES: Record<(typeof WF_LANGS)[number], string> = { en: 'English', zh: '中文', es: 'Español', ja: '日本語' };

/** A text in the four languages under `base` (`{en, zh, es, ja}`), one tab each; English is required unless `optional`. */
export function I18nTextInput({ base, rule, label, maxLength = 200, textarea, optional }: {
  base: (string | number)[]; rule: FormRule; label: string; maxLength?: number; textarea?: boolean; optional?: boolean;
}) {
  const { i18n } = useTranslation('workflow');
  return (
    <Form.Item label={label} required={!optional} style={{ marginBottom: 8 }}>
      <Tabs size="small" defaultActiveKey={langOf(i18n.language)} items={WF_LANGS.map((l) => ({
        key: l, label: LANG_NAMES[l], forceRender: true,
        children: (
          <Form.Item name={[...base, l]} rules={[rule]} style={{ marginBottom: 0 }} aria-label={`${label} ${LANG_NAMES[l]}`}>
            {textarea ? <Input.TextArea rows={2} maxLength={maxLength} /> : <Input maxLength={maxLength} />}
          </Form.Item>
        ),
      }))} />
    </Form.Item>
  );
}

/** Mail templates (subject and body) in the four languages under `base`; the English subject is required. */
export function MailTemplatesInput({ base, rule }: { base: (string | number)[]; rule: FormRule }) {
  const { t, i18n } = useTranslation('workflow');
  return (
    <Tabs size="small" defaultActiveKey={langOf(i18n.language)} items={WF_LANGS.map((l) => ({
      key: l, label: LANG_NAMES[l], forceRender: true,
      children: (
        <>
          <Form.Item name={[...base, l, 'subject']} label={t('listener.field.subject')} rules={[rule]} required={l === 'en'}>
            <Input maxLength={300} />
          </Form.Item>
          <Form.Item name={[...base, l, 'body']} label={t('listener.field.body')} rules={[rule]} style={{ marginBottom: 8 }}>
            <Input.TextArea rows={4} maxLength={20_000} />
          </Form.Item>
        </>
      ),
    }))} />
  );
}
