import { Card, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '@orbit/shared/contract/auth';
import { formatTime } from '../../../../../components/admin/formatTime';
import AvatarUpload from './AvatarUpload';

type Props = { profile: SessionUser; roleGroup: string; onAvatar: (file: File) => Promise<string> };

/** Who the user is: avatar (click to change), account, contact, department, roles, since when, and their introduction. */
export default function ProfileCard({ profile, roleGroup, onAvatar }: Props) {
  const { t } = useTranslation();
  return (
    <Card title={t('profile.info')} size="small">
      <div style={{ display: 'flex', justifyContent: 'center', marginBottom: 16 }}>
        <AvatarUpload avatar={profile.avatar} onUpload={onAvatar} />
      </div>
      <Descriptions column={1} size="small" data-testid="profile-details">
        <Descriptions.Item label={t('profile.userName')}>{profile.userName}</Descriptions.Item>
        <Descriptions.Item label={t('profile.nickName')}>{profile.nickName}</Descriptions.Item>
        <Descriptions.Item label={t('profile.phonenumber')}>{profile.phonenumber}</Descriptions.Item>
        <Descriptions.Item label={t('profile.email')}>{profile.email}</Descriptions.Item>
        <Descriptions.Item label={t('profile.dept')}>{profile.dept?.deptName ?? ''}</Descriptions.Item>
        <Descriptions.Item label={t('profile.roles')}>{roleGroup}</Descriptions.Item>
        <Descriptions.Item label={t('profile.createTime')}>{formatTime(profile.createTime)}</Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('profile.introduction')}
      </Typography.Title>
      <Typography.Paragraph type={profile.introduction ? undefined : 'secondary'} data-testid="profile-introduction" style={{ whiteSpace: 'pre-line', marginBottom: 0 }}>
        {profile.introduction || t('profile.introductionEmpty')}
      </Typography.Paragraph>
    </Card>
  );
}
