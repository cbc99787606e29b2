import { Card, Col, Row } from 'antd';
import { useState } from 'react';
import DemoPage from '../components/DemoPage';
import { useDemoT } from '../components/demoI18n';
import { useDragList } from '../components/useDragList';

const COLUMNS = ['todo', 'working', 'done'] as const;
type Column = (typeof COLUMNS)[number];
type Board = Record<Column, Array<{ id: number; name: string }>>;

/** Drag kanban: three columns of cards; drag a card within or between them. */
export default function DragKanbanDemo() {
  const { t } = useDemoT();
  const [board, setBoard] = useState<Board>({
    todo: [{ id: 1, name: 'Call Acme' }, { id: 2, name: 'Send proposal' }, { id: 3, name: 'Book demo' }],
    working: [{ id: 4, name: 'Negotiate price' }, { id: 5, name: 'Review contract' }],
    done: [{ id: 6, name: 'Qualify lead' }],
  });
  const drag = useDragList((from, to) =>
    setBoard((prev) => {
      const next = { todo: [...prev.todo], working: [...prev.working], done: [...prev.done] };
      const [card] = next[from.list as Column].splice(from.index, 1);
      const target = next[to.list as Column];
      target.splice(Math.min(to.index, target.length), 0, card!);
      return next;
    }),
  );
  return (
    <DemoPage id="dragKanban">
      <Row gutter={16}>
        {COLUMNS.map((column) => (
          <Col xs={24} md={8} key={column}>
            <Card size="small" title={`${t(`dragKanban.${column}`)} (${board[column].length})`} {...drag.container(column, board[column].length)} data-testid={`kanban-${column}`} style={{ minHeight: 300 }}>
              {board[column].map((card, index) => (
                <div key={card.id} {...drag.item(column, index)} className="demo-drag-item" data-testid="kanban-card">{card.name}</div>
              ))}
            </Card>
          </Col>
        ))}
      </Row>
    </DemoPage>
  );
}
