import { Alert, App, Avatar, Button, Slider, Space, Typography, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { API_PREFIX } from '@orbit/shared/constants';
import { avatarSrc } from '../../../utils/avatarSrc';
import DemoPage from '../components/DemoPage';
import { useDemoT } from '../components/demoI18n';
import { uploadCroppedAvatar } from './uploadCroppedAvatar';

const SIZE = 200;

/**
 * Avatar upload: pick an image, zoom the square crop, then upload the crop through the product's
 * real profile avatar path (as the template's demo uploaded for real) and show what the server kept.
 */
export default function AvatarUploadDemo() {
  const { t } = useDemoT();
  const { message } = App.useApp();
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [zoom, setZoom] = useState(1);
  const [uploaded, setUploaded] = useState<string>();
  const [busy, setBusy] = useState(false);
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context || !image) return;
    const side = Math.min(image.width, image.height) / zoom;
    context.clearRect(0, 0, SIZE, SIZE);
    context.drawImage(image, (image.width - side) / 2, (image.height - side) / 2, side, side, 0, 0, SIZE, SIZE);
  }, [image, zoom]);

  function handleFile(file: File) {
    if (!file.type.startsWith('image/')) {
      void message.error(t('avatar.imagesOnly'));
      return false;
    }
    const img = new Image();
    img.onload = () => setImage(img);
    img.src = URL.createObjectURL(file);
    return false;
  }

  async function handleUpload() {
    if (!canvas.current) return;
    setBusy(true);
    const result = await uploadCroppedAvatar(canvas.current);
    setBusy(false);
    if (result.ok) {
      setUploaded(result.imgUrl);
      void message.success(t('avatar.uploaded'));
    } else if (!result.shown) void message.error(result.reason ? `${t('avatar.failed')}: ${result.reason}` : t('avatar.failed'));
  }

  return (
    <DemoPage id="avatar">
      <Alert type="warning" showIcon title={t('avatar.realPath')} style={{ marginBottom: 16 }} />
      <Space align="start" size="large" wrap>
        <Space orientation="vertical">
          <Upload accept="image/*" showUploadList={false} beforeUpload={handleFile}>
            <Button>{t('avatar.choose')}</Button>
          </Upload>
          <canvas ref={canvas} width={SIZE} height={SIZE} style={{ border: '1px dashed #bbb', borderRadius: 8 }} />
          <Slider min={1} max={3} step={0.1} value={zoom} onChange={setZoom} disabled={!image} style={{ width: SIZE }} />
          <Button type="primary" disabled={!image} loading={busy} onClick={handleUpload} data-testid="avatar-crop-upload">{t('avatar.crop')}</Button>
        </Space>
        <Space orientation="vertical" align="center">
          <Avatar size={120} src={avatarSrc(uploaded, API_PREFIX)} data-testid="avatar-uploaded" data-src={uploaded ?? ''}>
            {uploaded ? null : '?'}
          </Avatar>
          <Typography.Text type="secondary">{t('avatar.result')}</Typography.Text>
        </Space>
      </Space>
    </DemoPage>
  );
}
