import { Button, Checkbox, DatePicker, Form, Input, InputNumber, Radio, Rate, Select, Slider, Switch, TimePicker } from 'antd';
import DemoPage from '../components/DemoPage';
import { useDemoT } from '../components/demoI18n';

/** Component mixin: a showcase of the form controls the product uses. */
export default function MixinDemo() {
  const { t } = useDemoT();
  return (
    <DemoPage id="mixin">
      <Form layout="vertical" style={{ maxWidth: 560 }} initialValues={{ rating: 4, level: 30, kind: 'a', notify: true }}>
        <Form.Item label={t('mixin.text')} name="text"><Input placeholder={t('mixin.placeholder')} /></Form.Item>
        <Form.Item label={t('mixin.number')} name="number"><InputNumber style={{ width: '100%' }} /></Form.Item>
        <Form.Item label={t('mixin.select')} name="select">
          <Select options={['leads', 'opportunity', 'account'].map((v) => ({ value: v, label: v }))} allowClear />
        </Form.Item>
        <Form.Item label={t('mixin.date')} name="date"><DatePicker /></Form.Item>
        <Form.Item label={t('mixin.time')} name="time"><TimePicker /></Form.Item>
        <Form.Item label={t('mixin.radio')} name="kind"><Radio.Group options={[{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }]} /></Form.Item>
        <Form.Item label={t('mixin.checkbox')} name="checks"><Checkbox.Group options={['x', 'y', 'z']} /></Form.Item>
        <Form.Item label={t('mixin.switch')} name="notify" valuePropName="checked"><Switch /></Form.Item>
        <Form.Item label={t('mixin.slider')} name="level"><Slider /></Form.Item>
        <Form.Item label={t('mixin.rate')} name="rating"><Rate /></Form.Item>
        <Button type="primary" htmlType="submit">{t('mixin.submit')}</Button>
      </Form>
    </DemoPage>
  );
}
