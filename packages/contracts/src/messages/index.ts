import type { Lang } from '../menu';
import { en, type MessageKey, type Messages } from './en';
import { zh } from './zh';
import { es } from './es';
import { ja } from './ja';

export type { MessageKey, Messages };
export const messages: Record<Lang, Messages> = { en, zh, es, ja };

export type MessageParams = Record<string, string | number>;

/** Fills `{name}` placeholders; unknown keys are returned as they are (they may be plain text). */
export function translate(lang: Lang, key: string, params: MessageParams = {}): string {
  const table = messages[lang] as Record<string, string>;
  const template = table[key] ?? (messages.en as Record<string, string>)[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}

/** Picks the first supported language of an Accept-Language header, else en. */
export function pickLang(acceptLanguage: string | undefined | null): Lang {
  if (!acceptLanguage) return 'en';
  for (const part of acceptLanguage.split(',')) {
    const tag = part.split(';')[0].trim().toLowerCase().slice(0, 2);
    if (tag === 'en' || tag === 'zh' || tag === 'es' || tag === 'ja') return tag;
  }
  return 'en';
}
