import { ArticleListPage } from './ArticleList';

export default function NewsPage() {
  return <ArticleListPage kind="news" title="section.news" subtitle="news.subtitle" description="news.description" />;
}
