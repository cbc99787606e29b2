import { HolderOutlined } from '@ant-design/icons';
import { Select, Typography } from 'antd';
import { useState } from 'react';
import DemoPage from '../components/DemoPage';
import { useDemoT } from '../components/demoI18n';
import { moveItem, useDragList } from '../components/useDragList';

const OPTIONS = ['Apple', 'Banana', 'Orange', 'Pear', 'Grape', 'Mango', 'Cherry'];

/** Drag select: a multi-select whose chosen items are put in order by dragging. */
export default function DragSelectDemo() {
  const { t } = useDemoT();
  const [chosen, setChosen] = useState(['Apple', 'Banana', 'Orange']);
  const drag = useDragList((from, to) => setChosen((list) => moveItem(list, from.index, Math.min(to.index, list.length - 1))));
  return (
    <DemoPage id="dragSelect">
      <Select mode="multiple" style={{ width: '100%', maxWidth: 520 }} value={chosen} onChange={setChosen} options={OPTIONS.map((o) => ({ value: o, label: o }))} />
      <div style={{ maxWidth: 520, marginTop: 16 }}>
        <Typography.Text strong>{t('dragSelect.order')}</Typography.Text>
        {chosen.map((item, index) => (
          <div key={item} {...drag.item('chosen', index)} className="demo-drag-item" data-testid="drag-select-item" style={{ marginTop: 8 }}>
            <HolderOutlined /> {index + 1}. {item}
          </div>
        ))}
      </div>
    </DemoPage>
  );
}
