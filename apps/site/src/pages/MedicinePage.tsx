import { ArticleListPage } from './ArticleList';

export default function MedicinePage() {
  return <ArticleListPage kind="medicine" title="中医药知识" subtitle="药食同源、四季养生与合理用药" description="本草制药中医药知识：中药材识别、四季养生、合理用药与中医药文化科普文章。" />;
}
