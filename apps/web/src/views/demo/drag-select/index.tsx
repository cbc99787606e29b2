import { HolderOutlined } from '@ant-design/icons';
import { List, Select } from 'antd';
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
      <List size="small" bordered style={{ maxWidth: 520, marginTop: 16 }} header={t('dragSelect.order')} dataSource={chosen}
        renderItem={(item, index) => (
          <List.Item {...drag.item('chosen', index)} data-testid="drag-select-item" style={{ cursor: 'grab' }}>
            <HolderOutlined /> {index + 1}. {item}
          </List.Item>
        )} />
    </DemoPage>
  );
}
