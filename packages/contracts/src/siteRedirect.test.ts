import { describe, expect, it } from 'vitest';
import { redirectRoute } from './siteRedirect';

describe('the reload helper /redirect/<where>', () => {
  it('leads to the app route named, or to the page of a path URL, keeping the query', () => {
    expect(redirectRoute('newsPage', '?page=2')).toBe('/newsPage?page=2');
    expect(redirectRoute('newsDetail', '?id=3')).toBe('/newsDetail?id=3');
    expect(redirectRoute('news/3')).toBe('/newsDetail?id=3');
    expect(redirectRoute('products', '?page=2')).toBe('/productPage?page=2');
    expect(redirectRoute('')).toBe('/homePage');
    expect(redirectRoute('/common/page')).toBe('/common/page');
  });

  it('leads nowhere outside the site: other hosts, script URLs, unknown pages, itself', () => {
    for (const where of ['/evil.example', '//evil.example', '\\evil.example', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)',
      'no-such-page', 'redirect/newsPage', 'news/0', '%2F%2Fevil.example', 'news/3 ']) {
      expect(redirectRoute(where)).toBeNull();
    }
  });
});
