import type { Locales, LocaleTree } from './defineLocales';
import shell from './locales/shell';

/** Every namespace at once (the completeness test; the console itself loads features' texts lazily). */
const featureModules = import.meta.glob<{ default: Locales<LocaleTree> }>('../features/*/locales.ts', { eager: true });

export const NAMESPACES: Record<string, Locales<LocaleTree>> = {
  shell: shell as unknown as Locales<LocaleTree>,
  ...Object.fromEntries(Object.entries(featureModules).map(([file, mod]) => [file.split('/').at(-2)!, mod.default])),
};
