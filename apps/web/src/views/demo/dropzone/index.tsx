import { InboxOutlined } from '@ant-design/icons';
import { Upload } from 'antd';
import { useState } from 'react';
import DemoPage from '../components/DemoPage';
import { useDemoT } from '../components/demoI18n';

/** Dropzone: drop files (or click) and see them listed; nothing leaves the browser. */
export default function DropzoneDemo() {
  const { t } = useDemoT();
  const [files, setFiles] = useState<Array<{ name: string; size: number }>>([]);
  return (
    <DemoPage id="dropzone">
      <Upload.Dragger multiple showUploadList={false} beforeUpload={(file) => (setFiles((list) => [...list, { name: file.name, size: file.size }]), false)}>
        <p className="ant-upload-drag-icon"><InboxOutlined /></p>
        <p className="ant-upload-text">{t('dropzone.hint')}</p>
      </Upload.Dragger>
      <ul style={{ marginTop: 16 }} data-testid="dropzone-files">
        {files.map((f, i) => (
          <li key={`${i}-${f.name}`}>{f.name} — {(f.size / 1024).toFixed(1)} KiB</li>
        ))}
      </ul>
    </DemoPage>
  );
}
