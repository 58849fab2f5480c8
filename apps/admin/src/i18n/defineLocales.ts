/** A tree of translated strings. */
export interface LocaleTree { [key: string]: string | LocaleTree }

/** The same keys as the English tree, each a string: a key missing in a language fails the type check. */
export type SameShape<T> = { [K in keyof T]: T[K] extends string ? string : SameShape<T[K]> };

export interface Locales<T extends LocaleTree> { en: T; zh: SameShape<T>; es: SameShape<T>; ja: SameShape<T> }

/**
 * A feature's translations in the four console languages. The file `features/<name>/locales.ts`
 * becomes the i18n namespace `<name>` (see `i18n/index.ts`).
 */
export function defineLocales<T extends LocaleTree>(locales: Locales<T>): Locales<T> {
  return locales;
}

/** Every dotted key of a tree, for the completeness test. */
export function keysOf(tree: LocaleTree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : keysOf(v, `${prefix}${k}.`)));
}

/** Dotted keys whose value is empty or only white space. */
export function emptyKeysOf(tree: LocaleTree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? (v.trim() ? [] : [prefix + k]) : emptyKeysOf(v, `${prefix}${k}.`)));
}
