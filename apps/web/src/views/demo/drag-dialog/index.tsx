import { Button, Modal, Table } from 'antd';
import { useRef, useState } from 'react';
import DemoPage from '../components/DemoPage';
import { useDemoT } from '../components/demoI18n';

/** Drag dialog: a modal moved by dragging its title. */
export default function DragDialogDemo() {
  const { t } = useDemoT();
  const [open, setOpen] = useState(false);
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const drag = useRef<{ x: number; y: number } | null>(null);
  const handlePointerDown = (e: React.PointerEvent) => {
    (e.target as HTMLElement).setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX - offset.x, y: e.clientY - offset.y };
  };
  const handlePointerMove = (e: React.PointerEvent) => {
    if (drag.current) setOffset({ x: e.clientX - drag.current.x, y: e.clientY - drag.current.y });
  };
  return (
    <DemoPage id="dragDialog">
      <Button type="primary" onClick={() => setOpen(true)}>{t('dragDialog.open')}</Button>
      <Modal
        open={open}
        onCancel={() => setOpen(false)}
        onOk={() => setOpen(false)}
        title={
          <div data-testid="drag-dialog-title" style={{ cursor: 'move', userSelect: 'none', touchAction: 'none' }} onPointerDown={handlePointerDown} onPointerMove={handlePointerMove} onPointerUp={() => (drag.current = null)}>
            {t('dragDialog.dialogTitle')}
          </div>
        }
        modalRender={(node) => <div style={{ transform: `translate(${offset.x}px, ${offset.y}px)` }}>{node}</div>}
      >
        <Table size="small" pagination={false} rowKey="city" dataSource={[{ city: 'Shanghai', deals: 12 }, { city: 'London', deals: 9 }, { city: 'New York', deals: 15 }]}
          columns={[{ title: t('dragDialog.city'), dataIndex: 'city' }, { title: t('dragDialog.deals'), dataIndex: 'deals' }]} />
      </Modal>
    </DemoPage>
  );
}
