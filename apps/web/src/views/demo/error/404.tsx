import NotFoundPage from '../../error/NotFoundPage';
import DemoPage from '../components/DemoPage';

/** The 404 error page, as the product shows it. */
export default function Page404Demo() {
  return (
    <DemoPage id="error.404">
      <NotFoundPage />
    </DemoPage>
  );
}
