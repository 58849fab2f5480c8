import { ArticleListPage } from './ArticleList';

export default function MedicinePage() {
  return <ArticleListPage kind="medicine" title="section.medicine" subtitle="medicine.subtitle" description="medicine.description" />;
}
