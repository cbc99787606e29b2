import DemoPage from '../components/DemoPage';
import ArticleForm from './components/ArticleForm';

/** Create article: an empty editor form over the mock articles. */
export default function CreateArticle() {
  return (
    <DemoPage id="example.create">
      <ArticleForm />
    </DemoPage>
  );
}
