import { useEffect, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import esES from 'antd/locale/es_ES';
import jaJP from 'antd/locale/ja_JP';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/es';
import 'dayjs/locale/ja';
import i18n from '@/i18n';
import { registerFeedback } from '@/lib/feedback';
import { onLogout } from '@/lib/auth';
import { usePrefersReducedMotion } from '@/lib/reducedMotion';
import { useSettings } from './store/settings';

const ANTD_LOCALES = { en: enUS, zh: zhCN, es: esES, ja: jaJP } as const;
const DAYJS_LOCALES = { en: 'en', zh: 'zh-cn', es: 'es', ja: 'ja' } as const;

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 } },
});

// Logout drops the session's cached data.
onLogout(() => queryClient.clear());
// Answers carry names in the operator's language (seeded names, dictionary labels, menus): a switch fetches them again.
i18n.on('languageChanged', () => { void queryClient.invalidateQueries(); });

/** Hands antd's themed message and modal, and the router's navigate, to the request client. */
function FeedbackBridge() {
  const { message, modal } = AntApp.useApp();
  const navigate = useNavigate();
  useEffect(() => { registerFeedback({ message, modal, navigate }); }, [message, modal, navigate]);
  return null;
}

/**
 * The logged-in console's providers (loaded with the shell, not with the login page): antd (theme,
 * size, language, motion unless the system asks for less, dialogs that ignore backdrop clicks), TanStack Query and the feedback bridge.
 */
export function Providers({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const lang = (i18n.language in ANTD_LOCALES ? i18n.language : 'en') as keyof typeof ANTD_LOCALES;
  const themeColor = useSettings((s) => s.themeColor);
  const size = useSettings((s) => s.size);
  const reducedMotion = usePrefersReducedMotion();
  useEffect(() => {
    dayjs.locale(DAYJS_LOCALES[lang]);
    document.documentElement.lang = lang;
  }, [lang]);
  return (
    <ConfigProvider
      locale={ANTD_LOCALES[lang]}
      componentSize={size}
      theme={{ token: { colorPrimary: themeColor, motion: !reducedMotion } }}
      modal={{ mask: { closable: false } }}
      drawer={{ mask: { closable: false } }}
    >
      <AntApp message={{ maxCount: 1 }}>
        <QueryClientProvider client={queryClient}>
          <FeedbackBridge />
          {children}
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}

