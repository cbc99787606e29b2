import { Navigate, useLocation } from 'react-router';
import DemoPage from '../components/DemoPage';
import ArticleForm from './components/ArticleForm';
import { articlesStore } from './components/articles';

/** Edit article: /example/edit/{id} (digits only); an unknown id is a 404. */
export default function EditArticle() {
  const { pathname } = useLocation();
  const id = Number(pathname.split('/').pop());
  const article = articlesStore.use().find((a) => a.id === id);
  if (!article) return <Navigate to="/404" replace />;
  return (
    <DemoPage id="example.edit">
      <ArticleForm key={article.id} article={article} />
    </DemoPage>
  );
}
