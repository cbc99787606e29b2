import { CameraOutlined, UserOutlined } from '@ant-design/icons';
import { App, Avatar, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API_PREFIX, AVATAR_MAX_BYTES } from '@orbit/shared/constants';
import { RequestError } from '../../../../../api/request';
import { avatarSrc } from '../../../../../utils/avatarSrc';
import { AVATAR_TYPES, avatarProblem } from '../avatarCheck';

type Props = { avatar: string; onUpload: (file: File) => Promise<string> };

/** The avatar; clicking it picks a new image, checked here for type and size before it is sent. */
export default function AvatarUpload({ avatar, onUpload }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);

  const handleBeforeUpload = (file: File) => {
    const problem = avatarProblem(file);
    if (problem === 'type') void message.error(t('profile.avatarType'));
    if (problem === 'size') void message.error(t('profile.avatarSize', { size: AVATAR_MAX_BYTES / 1024 / 1024 }));
    if (problem) return Upload.LIST_IGNORE;
    setBusy(true);
    onUpload(file)
      .then(() => message.success(t('profile.avatarSaved')))
      .catch((error: unknown) => {
        const text = error instanceof RequestError ? (Object.values(error.errors ?? {})[0] ?? error.message) : '';
        if (text && !(error instanceof RequestError && [0, 403, 500].includes(error.code))) void message.error(text);
      })
      .finally(() => setBusy(false));
    return false; // the upload is done above, through the request client
  };

  return (
    <Upload accept={AVATAR_TYPES.join(',')} showUploadList={false} beforeUpload={handleBeforeUpload} disabled={busy}>
      <div style={{ position: 'relative', cursor: 'pointer' }} title={t('profile.avatarChange')} data-testid="avatar-upload">
        <Avatar size={104} src={avatarSrc(avatar, API_PREFIX)} icon={<UserOutlined />} />
        <CameraOutlined style={{ position: 'absolute', right: 4, bottom: 4, fontSize: 18, background: '#fff', borderRadius: '50%', padding: 4 }} />
      </div>
    </Upload>
  );
}
