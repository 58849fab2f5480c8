/** The four languages of the product (kept free of zod so the console's login bundle stays small). */
export const LANGS = ['en', 'zh', 'es', 'ja'] as const;
export type Lang = (typeof LANGS)[number];
