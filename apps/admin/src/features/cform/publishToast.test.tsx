import { describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createInstance } from 'i18next';
import cform from './locales';

const success = vi.fn();
vi.mock('antd', () => ({ App: { useApp: () => ({ message: { success } }) } }));
vi.mock('@/lib/request', () => ({ call: vi.fn(async () => ({ id: 7, version: 4, status: 'published', dirty: false })), download: vi.fn() }));

describe('publishing a form (issue 28, item 7)', () => {
  for (const [lang, text] of [['en', 'Published as version 4'], ['zh', '已发布为第 4 版'], ['es', 'Publicado como versión 4'], ['ja', cform.ja.msg.published.replace('{{version}}', '4')]] as const) {
    it(`toasts the published version, not "Saved" (${lang})`, async () => {
      const { usePublishForm } = await import('./api');
      const i18n = createInstance();
      await i18n.init({ lng: lang, resources: { [lang]: { cform: cform[lang] } }, interpolation: { escapeValue: false } });
      const wrapper = ({ children }: { children: ReactNode }) => (
        <QueryClientProvider client={new QueryClient()}><I18nextProvider i18n={i18n}>{children}</I18nextProvider></QueryClientProvider>
      );
      success.mockClear();
      const { result } = renderHook(() => usePublishForm(), { wrapper });
      await act(() => result.current.mutateAsync(7));
      await waitFor(() => expect(success).toHaveBeenCalledWith(text));
      expect(text).toContain('4');
    });
  }
});
