import { FontSizeOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { headerPopupContainer } from '../components/headerPopupContainer';
import { appStore, setSize, SIZES, type Size } from '../store/app';

/** Component size (large / medium / small), remembered in a cookie. */
export default function SizeSelect() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { size } = appStore.use();
  return (
    <Dropdown
      trigger={['click']}
      getPopupContainer={headerPopupContainer}
      menu={{
        selectable: true,
        selectedKeys: [size],
        items: SIZES.map((s) => ({ key: s, label: <span data-testid={`size-${s}`}>{t(`layout.size.${s}`)}</span> })),
        onClick: ({ key }) => {
          setSize(key as Size);
          void message.success(t('layout.sizeChanged'));
        },
      }}
    >
      <Tooltip title={t('layout.size')}>
        <Button type="text" className="hide-on-mobile" icon={<FontSizeOutlined />} aria-label={t('layout.size')} data-testid="size-select" />
      </Tooltip>
    </Dropdown>
  );
}
