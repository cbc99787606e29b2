import { Button, Empty, Input, Popover, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MENU_ICONS } from '../../../../layout/menuIcons';
import MenuIcon from './MenuIcon';

type Props = { value?: string; onChange?: (value: string) => void };

/** Picks a menu icon from the sidebar's catalogue by name; the grid filters as you type. */
export default function IconPicker({ value, onChange }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const names = useMemo(() => {
    const needle = text.trim().toLowerCase();
    return Object.keys(MENU_ICONS).filter((n) => n.includes(needle));
  }, [text]);

  const pick = (name: string) => {
    onChange?.(name);
    setOpen(false);
  };

  const grid = names.length ? (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(8, 36px)', gap: 4, maxHeight: 260, overflow: 'auto' }}>
      {names.map((name) => (
        <Tooltip key={name} title={name} mouseEnterDelay={0.4}>
          <Button type={name === value ? 'primary' : 'text'} aria-label={name} onClick={() => pick(name)} icon={<MenuIcon name={name} />} />
        </Tooltip>
      ))}
    </div>
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
  );

  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomLeft"
      content={
        <div style={{ width: 330 }}>
          <Input.Search allowClear placeholder={t('menu.iconSearch')} value={text} onChange={(e) => setText(e.target.value)} style={{ marginBottom: 8 }} />
          {grid}
        </div>
      }
    >
      <Input
        readOnly
        value={value}
        placeholder={t('menu.iconPlaceholder')}
        prefix={value ? <MenuIcon name={value} /> : <span />}
        allowClear
        onClear={() => onChange?.('')}
        data-testid="icon-picker"
      />
    </Popover>
  );
}
