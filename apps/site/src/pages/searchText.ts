import type { SearchKind } from '../api/search';
import { useLang, type SiteLang } from '../i18n';

/** The search box's and results page's words, in the site's two languages. */
const zh = {
  open: '搜索',
  close: '关闭搜索',
  label: '搜索全站内容',
  placeholder: '搜索产品、新闻、招标等',
  submit: '搜索',
  title: '站内搜索',
  titleFor: '搜索：{q}',
  subtitle: '新闻、产品、中医药知识、招聘与招标信息',
  description: '在本草制药网站搜索新闻、产品、中医药知识、人才招聘与招标采购信息。',
  prompt: '请输入要查找的关键词，如药品名称、症状或招标项目编号。',
  tooLong: '关键词最多 {n} 个字，请缩短后再搜索。',
  count: '找到 {n} 条与“{q}”相关的结果',
  filter: '按类别筛选',
  all: '全部',
  noResults: '没有找到与“{q}”相关的内容',
  noResultsIn: '“{kind}”中没有与“{q}”相关的内容，',
  seeAll: '查看全部 {n} 条结果',
  tipsTitle: '您可以：',
  tipWords: '检查是否有错别字，或换一个意思相近的词；',
  tipFewer: '减少关键词，或用空格分开多个词；',
  tipBrowse: '直接浏览栏目：',
  kind: { news: '新闻', product: '产品', tcm: '中医药', job: '招聘', bid: '招标' } as Record<SearchKind, string>,
};
type SearchText = typeof zh;
const en: SearchText = {
  open: 'Search',
  close: 'Close search',
  label: 'Search the whole site',
  placeholder: 'Products, news, tenders…',
  submit: 'Search',
  title: 'Search',
  titleFor: 'Search: {q}',
  subtitle: 'News, products, TCM knowledge, jobs and tenders',
  description: 'Search the Bencao Pharmaceutical website for news, products, TCM knowledge, jobs and tender notices.',
  prompt: 'Type what you are looking for: a medicine, a symptom or a tender project number.',
  tooLong: 'Use at most {n} characters, please shorten your search.',
  count: '{n} results for “{q}”',
  filter: 'Filter by type',
  all: 'All',
  noResults: 'Nothing found for “{q}”',
  noResultsIn: 'Nothing in “{kind}” for “{q}”, ',
  seeAll: 'see all {n} results',
  tipsTitle: 'You could:',
  tipWords: 'check the spelling, or try a word with a similar meaning;',
  tipFewer: 'use fewer words, or separate words with spaces;',
  tipBrowse: 'browse a section:',
  kind: { news: 'News', product: 'Products', tcm: 'TCM', job: 'Jobs', bid: 'Tenders' },
};
const TEXT: Record<SiteLang, SearchText> = { zh, en };

type Key = Exclude<keyof SearchText, 'kind'>;
/** the words of the current language; `{name}` replaced by params */
export function useSearchText() {
  const text = TEXT[useLang()];
  const t = (key: Key, params: Record<string, string | number> = {}) =>
    text[key].replace(/\{(\w+)\}/g, (all, k: string) => (k in params ? String(params[k]) : all));
  return { t, kind: text.kind };
}
