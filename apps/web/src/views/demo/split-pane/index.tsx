import { useRef, useState } from 'react';
import DemoPage from '../components/DemoPage';
import { useDemoT } from '../components/demoI18n';

/** Split pane: two panes with a divider dragged to resize them. */
export default function SplitPaneDemo() {
  const { t } = useDemoT();
  const [left, setLeft] = useState(40);
  const box = useRef<HTMLDivElement>(null);
  function handlePointerDown(event: React.PointerEvent) {
    (event.target as HTMLElement).setPointerCapture(event.pointerId);
  }
  function handlePointerMove(event: React.PointerEvent) {
    if (!(event.target as HTMLElement).hasPointerCapture(event.pointerId) || !box.current) return;
    const rect = box.current.getBoundingClientRect();
    setLeft(Math.min(85, Math.max(15, ((event.clientX - rect.left) / rect.width) * 100)));
  }
  return (
    <DemoPage id="splitPane">
      <div ref={box} style={{ display: 'flex', height: 360, border: '1px solid var(--ant-color-border, #ddd)' }}>
        <div style={{ width: `${left}%`, padding: 16, background: 'rgba(85,66,246,0.06)' }}>{t('splitPane.left', { width: Math.round(left) })}</div>
        <div role="separator" aria-orientation="vertical" aria-valuenow={Math.round(left)} onPointerDown={handlePointerDown} onPointerMove={handlePointerMove}
          style={{ width: 6, cursor: 'col-resize', background: 'var(--orbit-primary, #5542f6)', touchAction: 'none' }} />
        <div style={{ flex: 1, padding: 16 }}>{t('splitPane.right', { width: Math.round(100 - left) })}</div>
      </div>
    </DemoPage>
  );
}
