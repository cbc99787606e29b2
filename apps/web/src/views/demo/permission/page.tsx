import DemoPage from '../components/DemoPage';
import SwitchRoles from './components/SwitchRoles';

/** Page permission (admin only): switching the role changes the menus the role would get. */
export default function PagePermission() {
  return (
    <DemoPage id="permission.page">
      <SwitchRoles />
    </DemoPage>
  );
}
