import { TranslationOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Language } from '@orbit/shared/constants';
import { changeLanguage } from '../i18n/i18n';
import { headerPopupContainer } from './headerPopupContainer';

/** en / zh switch; the choice is remembered. */
export default function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <Dropdown
      getPopupContainer={headerPopupContainer}
      menu={{
        selectedKeys: [i18n.language],
        items: [
          { key: 'en', label: t('common.english') },
          { key: 'zh', label: t('common.chinese') },
        ],
        onClick: ({ key }) => changeLanguage(key as Language),
      }}
    >
      <Button type="text" icon={<TranslationOutlined />} aria-label={t('common.language')} data-testid="language-switch" />
    </Dropdown>
  );
}
