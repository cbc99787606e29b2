import { Card, Col, Row, Skeleton, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import LoadError from '../../../../components/admin/LoadError';
import ApiKeysSection from '../apiKeys/ApiKeysSection';
import { EMAIL_PERMISSIONS } from '@orbit/shared/crm/email';
import { useHasPermission } from '../../../../utils/permission';
import EmailSettings from '../../../crm/email/components/EmailSettings';
import PasswordForm from './components/PasswordForm';
import ProfileCard from './components/ProfileCard';
import ProfileForm from './components/ProfileForm';
import { useProfileController } from './useProfileController';

/** The signed-in user's own profile (/user/profile). */
export default function ProfilePage() {
  const { t } = useTranslation();
  const controller = useProfileController();
  const { profile } = controller;
  const email = useHasPermission([EMAIL_PERMISSIONS.send, EMAIL_PERMISSIONS.manage]);

  if (controller.isError) return <LoadError onRetry={controller.refetch} />;
  if (controller.isLoading || !profile) return <Skeleton active />;
  return (
    <Row gutter={16} data-testid="profile-page">
      <Col xs={24} md={9} xl={7}>
        <ProfileCard profile={profile} roleGroup={controller.roleGroup} onAvatar={controller.changeAvatar} />
      </Col>
      <Col xs={24} md={15} xl={17}>
        <Card size="small" title={t('profile.basic')}>
          <Tabs
            items={[
              {
                key: 'details',
                label: t('profile.details'),
                children: (
                  <ProfileForm
                    profile={profile}
                    displayCurrencies={controller.displayCurrencies}
                    onSave={controller.saveDetails}
                    onRequestEmailChange={controller.requestEmailChange}
                    onConfirmEmailChange={controller.confirmEmailChange}
                  />
                ),
              },
              { key: 'password', label: t('profile.password'), children: <PasswordForm userName={profile.userName} onSave={controller.changePassword} /> },
              // Rendered only when chosen: the keys are fetched when someone looks at them.
              { key: 'apiKeys', label: t('apiKeys.tab'), children: <ApiKeysSection />, destroyOnHidden: true },
              ...(email ? [{ key: 'email', label: t('email.settings'), children: <EmailSettings /> }] : []),
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}
