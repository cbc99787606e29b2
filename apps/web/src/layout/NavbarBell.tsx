import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Empty, Popover, Spin } from 'antd';
import type { ReactNode } from 'react';
import LoadError from '../components/admin/LoadError';
import { headerPopupContainer } from '../components/headerPopupContainer';
import './navbarBell.css';

type Props = {
  /** The popover's title, and its actions (shown when there is something to act on). */
  title: string;
  actions?: ReactNode;
  unread: number;
  /** The button's accessible name (with the unread count when there is one). */
  label: string;
  icon?: ReactNode;
  state: 'loading' | 'error' | 'empty' | 'ready';
  emptyText: string;
  onRetry: () => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  buttonTestId: string;
  panelTestId: string;
  /** The list, when `state` is 'ready' (rows of `.navbar-bell-item`). */
  children?: ReactNode;
};

/**
 * A bell of the navbar (task reminders, notices): a button with the unread count that opens a
 * panel with a title, its actions, and loading, error (with retry), empty or the list.
 */
export default function NavbarBell({ title, actions, unread, label, icon, state, emptyText, onRetry, open, onOpenChange, buttonTestId, panelTestId, children }: Props) {
  const content =
    state === 'error' ? (
      <LoadError onRetry={onRetry} />
    ) : state === 'loading' ? (
      <div className="navbar-bell-state">
        <Spin />
      </div>
    ) : state === 'empty' ? (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
    ) : (
      children
    );
  return (
    <Popover
      open={open}
      onOpenChange={onOpenChange}
      trigger="click"
      placement="bottomRight"
      getPopupContainer={headerPopupContainer}
      arrow={false}
      title={
        <div className="navbar-bell-header">
          <span>{title}</span>
          {state === 'ready' && actions}
        </div>
      }
      content={
        <div className="navbar-bell-panel" data-testid={panelTestId}>
          {content}
        </div>
      }
    >
      <Badge count={unread} size="small" offset={[-6, 6]}>
        <Button type="text" icon={icon ?? <BellOutlined />} aria-label={label} data-testid={buttonTestId} />
      </Badge>
    </Popover>
  );
}
