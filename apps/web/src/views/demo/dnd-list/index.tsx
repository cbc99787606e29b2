import { Card, Col, Row } from 'antd';
import { useState } from 'react';
import DemoPage from '../components/DemoPage';
import { useDemoT } from '../components/demoI18n';
import { useDragList } from '../components/useDragList';

type Lists = Record<'left' | 'right', string[]>;

/** Dnd list: two lists; drag items within one or across to the other. */
export default function DndListDemo() {
  const { t } = useDemoT();
  const [lists, setLists] = useState<Lists>({
    left: ['Acme Corp', 'Globex', 'Initech', 'Umbrella'],
    right: ['Hooli', 'Stark Industries'],
  });
  const drag = useDragList((from, to) =>
    setLists((prev) => {
      const next: Lists = { left: [...prev.left], right: [...prev.right] };
      const [item] = next[from.list as keyof Lists].splice(from.index, 1);
      const target = next[to.list as keyof Lists];
      target.splice(Math.min(to.index, target.length), 0, item!);
      return next;
    }),
  );
  return (
    <DemoPage id="dndList">
      <Row gutter={16}>
        {(['left', 'right'] as const).map((side) => (
          <Col span={12} key={side}>
            <Card size="small" title={t(`dndList.${side}`)} {...drag.container(side, lists[side].length)} data-testid={`dnd-${side}`} style={{ minHeight: 240 }}>
              {lists[side].map((item, index) => (
                <div key={item} {...drag.item(side, index)} className="demo-drag-item">{item}</div>
              ))}
            </Card>
          </Col>
        ))}
      </Row>
    </DemoPage>
  );
}
