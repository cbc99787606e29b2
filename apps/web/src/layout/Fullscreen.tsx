import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { App, Button, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Fullscreen on and off; a browser without the Fullscreen API gets 'you browser can not work'. */
export default function Fullscreen() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [isFullscreen, setFullscreen] = useState(Boolean(document.fullscreenElement));
  useEffect(() => {
    const handleChange = () => setFullscreen(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', handleChange);
    return () => document.removeEventListener('fullscreenchange', handleChange);
  }, []);

  const handleClick = () => {
    if (!document.fullscreenEnabled) {
      void message.warning(t('layout.fullscreenUnsupported'));
      return;
    }
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen().catch(() => message.warning(t('layout.fullscreenUnsupported')));
  };
  const label = t(isFullscreen ? 'layout.exitFullscreen' : 'layout.fullscreen');
  return (
    <Tooltip title={label}>
      <Button type="text" className="hide-on-mobile" icon={isFullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />} aria-label={label} onClick={handleClick} data-testid="fullscreen" />
    </Tooltip>
  );
}
