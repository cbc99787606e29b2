import { Button, InputNumber, Space, Statistic } from 'antd';
import { useEffect, useRef, useState } from 'react';
import DemoPage from '../components/DemoPage';
import { useDemoT } from '../components/demoI18n';

/** Count to: a number that counts from a start to an end value over a duration. */
export default function CountToDemo() {
  const { t, i18n } = useDemoT();
  const [start, setStart] = useState(0);
  const [end, setEnd] = useState(2026);
  const [duration, setDuration] = useState(2000);
  const [value, setValue] = useState(0);
  const [run, setRun] = useState(0);
  const frame = useRef(0);
  useEffect(() => {
    const began = performance.now();
    const tick = (now: number) => {
      const progress = Math.min(1, (now - began) / Math.max(1, duration));
      setValue(start + (end - start) * (1 - (1 - progress) ** 3));
      if (progress < 1) frame.current = requestAnimationFrame(tick);
    };
    frame.current = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame.current);
    // Restarts on "start" only, as the template's demo does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [run]);
  return (
    <DemoPage id="countTo">
      <Statistic value={Math.round(value).toLocaleString(i18n.language === 'zh' ? 'zh-CN' : 'en-US')} styles={{ content: { fontSize: 48, color: "var(--orbit-primary, #5542f6)" } }} />
      <Space wrap style={{ marginTop: 16 }}>
        <span>{t('countTo.start')}</span><InputNumber value={start} onChange={(v) => setStart(v ?? 0)} />
        <span>{t('countTo.end')}</span><InputNumber value={end} onChange={(v) => setEnd(v ?? 0)} />
        <span>{t('countTo.duration')}</span><InputNumber min={0} step={500} value={duration} onChange={(v) => setDuration(v ?? 0)} />
        <Button type="primary" onClick={() => setRun((n) => n + 1)}>{t('countTo.run')}</Button>
      </Space>
    </DemoPage>
  );
}
