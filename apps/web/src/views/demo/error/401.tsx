import NoPermissionPage from '../../error/NoPermissionPage';
import DemoPage from '../components/DemoPage';

/** The 401 error page, as the product shows it. */
export default function Page401Demo() {
  return (
    <DemoPage id="error.401">
      <NoPermissionPage />
    </DemoPage>
  );
}
