import { describe, expect, it } from 'vitest';
import { pathUrlOf, pathUrlOfHash, routeOfPath } from './sitePaths';

describe('site path URLs', () => {
  it('writes each app route as its path URL, in Chinese at the root and in English under /en', () => {
    expect(pathUrlOf('/homePage')).toBe('/');
    expect(pathUrlOf('/homePage', 'en')).toBe('/en/');
    expect(pathUrlOf('/newsDetail?id=12')).toBe('/news/12');
    expect(pathUrlOf('/productDetail?id=24', 'en')).toBe('/en/products/24');
    expect(pathUrlOf('/medicDetail?id=3&preview=abc')).toBe('/medicine/3?preview=abc');
    expect(pathUrlOf('/aboutPage?showIndex=4')).toBe('/about/4');
    expect(pathUrlOf('/newsPage?id=1003&page=2')).toBe('/news/column/1003?page=2');
    expect(pathUrlOf('/bidReport?tab=1011')).toBe('/bids?tab=1011');
    expect(pathUrlOf('/cs', 'en')).toBe('/en/service');
    expect(pathUrlOf('/adrReport?productId=5')).toBe('/adr-report?productId=5');
    expect(pathUrlOf('/search?q=%E4%B8%B9')).toBe('/search?q=%E4%B8%B9');
    expect(pathUrlOf('/manpowerPage')).toBe('/careers');
    expect(pathUrlOf('/jobBoard?id=1009')).toBe('/jobs');
    expect(pathUrlOf('/common/page')).toBe('/site-map');
  });

  it('reads every path URL back as the route it was written from', () => {
    for (const route of ['/homePage', '/newsDetail?id=12', '/medicDetail?id=3&preview=abc', '/aboutPage?showIndex=2', '/newsPage?id=1003&page=2',
      '/bidReport?tab=1011', '/cs', '/adrReport?productId=5', '/search?q=x&kind=news', '/jobBoard', '/login', '/404', '/common/page', '/corporateCulturePage']) {
      for (const lang of ['zh', 'en'] as const) expect(routeOfPath(...split(pathUrlOf(route, lang)))).toEqual({ route, lang });
    }
    expect(routeOfPath('/en')).toEqual({ route: '/homePage', lang: 'en' });
    expect(routeOfPath('/news/')).toEqual({ route: '/newsPage', lang: 'zh' });
  });

  it('knows no page at a path the site does not route', () => {
    expect(routeOfPath('/nope')).toBeNull();
    expect(routeOfPath('/news/0')).toBeNull();
    expect(routeOfPath('/news/abc')).toBeNull();
    expect(routeOfPath('/api/site/settings')).toBeNull();
  });

  it('turns an old hash URL into its path URL', () => {
    expect(pathUrlOfHash('#/productDetail?id=24')).toBe('/products/24');
    expect(pathUrlOfHash('#/newsDetail?id=1', 'en')).toBe('/en/news/1');
    expect(pathUrlOfHash('#main')).toBeNull();
  });
});

function split(url: string): [string, string] {
  const at = url.indexOf('?');
  return at < 0 ? [url, ''] : [url.slice(0, at), url.slice(at)];
}
