import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@bencao/contracts';
import type { AppRoute } from '../router/types';

/** A menu label by `menuCode` (shell translations), else the server's name in this language, else `menuName`. */
export function useRouteLabel() {
  const { t, i18n } = useTranslation();
  return useCallback((r: Pick<AppRoute, 'code' | 'title' | 'names'>) => {
    const server = r.names?.[i18n.language as Lang] ?? r.title;
    return t(`menu.${r.code}`, { defaultValue: server });
  }, [t, i18n.language]);
}
