import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { cleanup, render, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createInstance } from 'i18next';
import type { FormSchema } from '@bencao/contracts';
import cform from './locales';

const confirm = vi.fn();
vi.mock('antd', async (original) => ({ ...(await original<typeof import('antd')>()), App: { useApp: () => ({ modal: { confirm }, message: { success: vi.fn() } }) } }));
vi.mock('@/lib/request', () => ({ call: vi.fn(), download: vi.fn() }));

const schema = { version: 1, nodes: [
  { kind: 'field', id: 'f1', key: 'applicant', type: 'text', label: { zh: '申请人', en: 'Applicant', es: 'Solicitante', ja: '申請者' } },
  { kind: 'field', id: 'f2', key: 'reason', type: 'text', label: { zh: '事由', en: 'Reason' } },
] } as unknown as FormSchema;

afterEach(cleanup);

describe('the publish question (issue 28): the designer and the Forms list ask the same', () => {
  for (const [lang, asked, gap] of [
    ['en', 'Publish "Trip"?', 'Reason (reason): missing in Spanish and Japanese'],
    ['zh', '确定发布“Trip”吗？', '事由 (reason): 缺少西班牙文和日文'],
  ] as const) {
    it(`lists the texts lacking a translation, and only those (${lang})`, async () => {
      const { usePublishQuestion } = await import('./PublishQuestion');
      const i18n = createInstance();
      await i18n.init({ lng: lang, resources: { [lang]: { cform: cform[lang] } }, interpolation: { escapeValue: false } });
      const wrapper = ({ children }: { children: ReactNode }) => (
        <QueryClientProvider client={new QueryClient()}><I18nextProvider i18n={i18n}>{children}</I18nextProvider></QueryClientProvider>
      );
      confirm.mockClear();
      const { result } = renderHook(() => usePublishQuestion(), { wrapper });
      result.current.ask({ id: 7, name: 'Trip', schema });
      expect(confirm).toHaveBeenCalledTimes(1);
      const { content } = confirm.mock.calls[0][0] as { content: ReactNode };
      const shown = render(<>{content}</>, { wrapper });
      expect(shown.container.textContent).toContain(asked);
      expect(shown.getByTestId('publish-untranslated').textContent).toContain(gap);
      expect(shown.getByTestId('publish-untranslated').textContent).not.toContain(lang === 'en' ? 'Applicant' : '申请人');
    });
  }

  it('asks without a warning when every text is translated', async () => {
    const { usePublishQuestion } = await import('./PublishQuestion');
    const i18n = createInstance();
    await i18n.init({ lng: 'en', resources: { en: { cform: cform.en } }, interpolation: { escapeValue: false } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={new QueryClient()}><I18nextProvider i18n={i18n}>{children}</I18nextProvider></QueryClientProvider>
    );
    confirm.mockClear();
    const { result } = renderHook(() => usePublishQuestion(), { wrapper });
    result.current.ask({ id: 7, name: 'Trip', schema: { ...schema, nodes: [schema.nodes[0]] } as FormSchema });
    const shown = render(<>{(confirm.mock.calls[0][0] as { content: ReactNode }).content}</>, { wrapper });
    expect(shown.queryByTestId('publish-untranslated')).toBeNull();
  });
});
