import { BarChartOutlined, DeleteOutlined, DragOutlined, NumberOutlined, TableOutlined, ExpandOutlined } from '@ant-design/icons';
import { Button, Card, Form, InputNumber, Popover, Select, Space, Tooltip, Typography } from 'antd';
import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_COLUMNS, type WidgetData, type WidgetKind } from '@orbit/shared/contract/dashboard';
import { cellStyle, GRID_GAP, gridStyle, ROW_HEIGHT } from '../components/gridMetrics';
import { MAX_ROWS, type DraftWidget, type LayoutAction } from './layoutReducer';
import { useGridDrag } from './useGridDrag';
import { kindsFor } from './widgetKinds';

const KIND_ICON: Record<WidgetKind, React.ReactNode> = { chart: <BarChartOutlined />, figure: <NumberOutlined />, table: <TableOutlined /> };
const ARROWS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/** The keyboard's way to place a widget: its column, row, width and height as numbers (1-based, as people count). */
function PlaceForm({ widget, dispatch }: { widget: DraftWidget; dispatch: (a: LayoutAction) => void }) {
  const { t } = useTranslation();
  const set = (patch: Partial<Record<'x' | 'y' | 'w' | 'h', number>>) => dispatch({ type: 'place', key: widget.key, x: widget.x, y: widget.y, w: widget.w, h: widget.h, ...patch });
  const field = (name: 'x' | 'y' | 'w' | 'h', min: number, max: number, offset: number) => (
    <Form.Item label={t(`dashboard.layout.${name}`)} style={{ marginBottom: 8 }}>
      <InputNumber
        size="small"
        min={min}
        max={max}
        precision={0}
        value={widget[name] + offset}
        onChange={(v) => typeof v === 'number' && set({ [name]: v - offset })}
        data-testid={`widget-${name}`}
      />
    </Form.Item>
  );
  return (
    <Form layout="horizontal" labelCol={{ span: 10 }} style={{ width: 200 }}>
      {field('x', 1, DASHBOARD_COLUMNS - widget.w + 1, 1)}
      {field('y', 1, 1000, 1)}
      {field('w', 1, DASHBOARD_COLUMNS - widget.x, 0)}
      {field('h', 1, MAX_ROWS, 0)}
    </Form>
  );
}

/**
 * The dashboard being arranged: each widget a card with a handle to drag (or arrow keys on it;
 * with Shift they resize), a corner to resize, how it shows, its place as numbers, and Remove.
 * The cards show the report's name, not its data: the display may have just changed.
 */
export default function LayoutEditor({ draft, data, dispatch }: { draft: DraftWidget[]; data: WidgetData[]; dispatch: (a: LayoutAction) => void }) {
  const { t } = useTranslation();
  const grid = useRef<HTMLDivElement>(null);
  const drag = useGridDrag(grid, draft, dispatch);
  const rows = draft.reduce((bottom, d) => Math.max(bottom, d.y + d.h), 0) + 2;

  const onKey = (widget: DraftWidget) => (event: KeyboardEvent) => {
    const arrow = ARROWS[event.key];
    if (!arrow) return;
    event.preventDefault();
    const [dx, dy] = arrow;
    dispatch(event.shiftKey ? { type: 'resize', key: widget.key, dw: dx, dh: dy } : { type: 'move', key: widget.key, dx, dy });
  };

  return (
    // Two empty rows below the last widget, to drag one into.
    <div ref={grid} style={{ ...gridStyle, minHeight: rows * (ROW_HEIGHT + GRID_GAP), background: 'rgba(0, 0, 0, 0.02)', borderRadius: 8 }} data-testid="dashboard-layout-editor">
      {draft.map((widget) => {
        const report = data[widget.key]?.report;
        const name = widget.title || report?.name || t('dashboard.widget');
        return (
          <div key={widget.key} style={{ ...cellStyle(widget), position: 'relative' }} data-testid="layout-widget" data-cell={`${widget.x},${widget.y},${widget.w},${widget.h}`}>
            <Card
              size="small"
              style={{ height: '100%', borderStyle: 'dashed', overflow: 'hidden' }}
              title={
                <Space size={6}>
                  <Tooltip title={t('dashboard.layout.dragHint')}>
                    <span
                      role="button"
                      tabIndex={0}
                      aria-label={t('dashboard.layout.move', { name })}
                      style={{ cursor: 'move', touchAction: 'none', padding: '0 2px' }}
                      onPointerDown={drag(widget.key, 'move')}
                      onKeyDown={onKey(widget)}
                      data-testid="widget-drag"
                    >
                      <DragOutlined />
                    </span>
                  </Tooltip>
                  <Typography.Text ellipsis>{name}</Typography.Text>
                </Space>
              }
              extra={
                <Space size={4}>
                  <Select
                    size="small"
                    value={widget.kind}
                    popupMatchSelectWidth={false}
                    options={kindsFor(report, widget.kind).map((k) => ({ value: k, label: t(`dashboard.kind.${k}`) }))}
                    onChange={(kind) => dispatch({ type: 'kind', key: widget.key, kind })}
                    aria-label={t('dashboard.showAs')}
                    data-testid="widget-kind"
                  />
                  <Popover trigger="click" title={t('dashboard.layout.position')} content={<PlaceForm widget={widget} dispatch={dispatch} />}>
                    <Button size="small" icon={<ExpandOutlined />} aria-label={t('dashboard.layout.position')} data-testid="widget-position" />
                  </Popover>
                  <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('dashboard.layout.remove', { name })} onClick={() => dispatch({ type: 'remove', key: widget.key })} data-testid="widget-remove" />
                </Space>
              }
            >
              <Space orientation="vertical" size={2}>
                <Typography.Text type="secondary">
                  {KIND_ICON[widget.kind]} {t(`dashboard.kind.${widget.kind}`)}
                </Typography.Text>
                <Typography.Text type="secondary" data-testid="widget-size">
                  {t('dashboard.layout.size', { w: widget.w, h: widget.h })}
                </Typography.Text>
              </Space>
            </Card>
            <span
              aria-hidden
              title={t('dashboard.layout.resizeHint')}
              onPointerDown={drag(widget.key, 'resize')}
              style={{ position: 'absolute', right: 0, bottom: 0, width: 18, height: 18, cursor: 'nwse-resize', touchAction: 'none', borderRight: '3px solid var(--orbit-border)', borderBottom: '3px solid var(--orbit-border)', borderBottomRightRadius: 6 }}
              data-testid="widget-resize"
            />
          </div>
        );
      })}
    </div>
  );
}
