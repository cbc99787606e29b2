import { Avatar, Button, Slider, Space, Upload, message } from 'antd';
import { useEffect, useRef, useState } from 'react';
import DemoPage from '../components/DemoPage';
import { useDemoT } from '../components/demoI18n';

const SIZE = 200;

/** Avatar upload: pick an image, zoom the square crop, and see the avatar it makes (kept in the page: a demo upload). */
export default function AvatarUploadDemo() {
  const { t } = useDemoT();
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [zoom, setZoom] = useState(1);
  const [avatar, setAvatar] = useState<string>();
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
      message.error(t('avatar.imagesOnly'));
      return false;
    }
    const img = new Image();
    img.onload = () => setImage(img);
    img.src = URL.createObjectURL(file);
    return false;
  }

  return (
    <DemoPage id="avatar">
      <Space align="start" size="large" wrap>
        <Space orientation="vertical">
          <Upload accept="image/*" showUploadList={false} beforeUpload={handleFile}>
            <Button>{t('avatar.choose')}</Button>
          </Upload>
          <canvas ref={canvas} width={SIZE} height={SIZE} style={{ border: '1px dashed #bbb', borderRadius: 8 }} />
          <Slider min={1} max={3} step={0.1} value={zoom} onChange={setZoom} disabled={!image} style={{ width: SIZE }} />
          <Button type="primary" disabled={!image} onClick={() => setAvatar(canvas.current?.toDataURL('image/png'))}>{t('avatar.crop')}</Button>
        </Space>
        <Avatar size={120} src={avatar}>{avatar ? null : '?'}</Avatar>
      </Space>
    </DemoPage>
  );
}
