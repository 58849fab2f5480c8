import i18next from 'i18next';
import { formatDateTime as catalogueDateTime, type Lang } from '@bencao/contracts';
import { langOf } from './zodRule';

/**
 * The console's one way to show dates, times, numbers and lists: in the console's language (not the
 * browser's), in the user's time zone. `lang` defaults to the language the console shows now.
 */
export const LOCALE_OF: Readonly<Record<Lang, string>> = { en: 'en-US', zh: 'zh-CN', es: 'es-ES', ja: 'ja-JP' };

export const consoleLang = (): Lang => langOf(i18next.language);

type When = string | number | Date | null | undefined;

/** 2026-11-27 19:07:30 (zh, en), 27/11/2026 19:07:30 (es), 2026/11/27 19:07:30 (ja); '—' when there is no date. */
export function formatDateTime(v: When, opts: { seconds?: boolean; lang?: Lang; empty?: string } = {}): string {
  if (v === null || v === undefined || v === '') return opts.empty ?? '—';
  return catalogueDateTime(v, opts.lang ?? consoleLang(), { seconds: opts.seconds ?? true }) || (opts.empty ?? '—');
}

/** 1234567.5 → "1,234,567.5" (en, zh, ja), "1.234.567,5" (es). */
export function formatNumber(n: number, opts: Intl.NumberFormatOptions & { lang?: Lang } = {}): string {
  const { lang, ...options } = opts;
  return new Intl.NumberFormat(LOCALE_OF[lang ?? consoleLang()], options).format(n);
}

/** ['es', 'ja'] → "es and ja" / "es、ja": a list joined as the language joins one. */
export function formatList(items: string[], lang: Lang = consoleLang()): string {
  return new Intl.ListFormat(LOCALE_OF[lang], { style: 'long', type: 'conjunction' }).format(items);
}
