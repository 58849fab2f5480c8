import { ArticleListPage } from './ArticleList';

export default function NewsPage() {
  return <ArticleListPage kind="news" title="新闻动态" subtitle="企业要闻、行业资讯与社会责任" description="本草制药新闻动态：企业要闻、科研进展、质量管理与社会责任活动的最新报道。" />;
}
