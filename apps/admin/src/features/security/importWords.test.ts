import { describe, expect, it } from 'vitest';
import { createInstance } from 'i18next';
import security from './locales';

async function words(lang: 'en' | 'zh' | 'es' | 'ja') {
  const i18n = createInstance();
  await i18n.init({ lng: lang, resources: { [lang]: { security: security[lang] } }, defaultNS: 'security', interpolation: { escapeValue: false } });
  return i18n.t.bind(i18n) as (key: string, opts: Record<string, unknown>) => string;
}

describe('the account import counts with plural rules (issue 28, item 7)', () => {
  it('one account, one error; several of each', async () => {
    const en = await words('en');
    expect(en('importer.done', { count: 1 })).toBe('1 account imported');
    expect(en('importer.done', { count: 3 })).toBe('3 accounts imported');
    expect(en('importer.errors', { count: 1 })).toBe('1 error found; nothing was imported');
    const es = await words('es');
    expect(es('importer.done', { count: 1 })).toBe('Se importó 1 cuenta');
    expect(es('importer.done', { count: 2 })).toBe('Se importaron 2 cuentas');
    expect((await words('zh'))('importer.done', { count: 1 })).toBe('已导入 1 个账号');
    expect((await words('ja'))('importer.errors', { count: 2 })).toBe('2 件のエラーがあり、何もインポートしませんでした');
  });
});
