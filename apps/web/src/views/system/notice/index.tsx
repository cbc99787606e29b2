import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { dateRangeParams, type DateRange } from '../../../components/admin/dateRange';
import DateRangeFilterItem from '../../../components/admin/DateRangeFilterItem';
import SearchForm from '../../../components/admin/SearchForm';
import { dictSelectOptions, useDict } from '../../../components/dict/useDict';
import { useHasPermission } from '../../../utils/permission';
import NoticeFormDialog from './components/NoticeFormDialog';
import NoticeTable from './components/NoticeTable';
import { useNoticeController } from './useNoticeController';

type SearchValues = { noticeTitle?: string; createBy?: string; noticeType?: string; createTime?: DateRange };

/** System › Notices: announcements to everyone or to departments, read through the navbar's bell. */
export default function NoticePage() {
  const { t } = useTranslation();
  const controller = useNoticeController();
  const { list } = controller;
  const [form] = Form.useForm<SearchValues>();
  const dict = useDict('sys_notice_type');
  const canAdd = useHasPermission(PERMISSIONS.notice.add);
  const canRemove = useHasPermission(PERMISSIONS.notice.remove);

  return (
    <Card size="small" data-testid="notice-page">
      <SearchForm form={form} onSearch={({ createTime, ...v }) => list.search({ ...v, ...dateRangeParams(createTime) })} onReset={list.reset}>
        <Form.Item name="noticeTitle" label={t('notice.noticeTitle')}>
          <Input allowClear placeholder={t('notice.noticeTitle')} style={{ width: 170 }} />
        </Form.Item>
        <Form.Item name="createBy" label={t('notice.createBy')}>
          <Input allowClear placeholder={t('notice.createBy')} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="noticeType" label={t('notice.noticeType')}>
          <Select allowClear style={{ width: 130 }} options={dictSelectOptions(dict.sys_notice_type)} />
        </Form.Item>
        <DateRangeFilterItem />
      </SearchForm>
      <Space style={{ marginBottom: 12 }}>
        {canAdd && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => controller.open({})} data-testid="notice-add">
            {t('admin.add')}
          </Button>
        )}
        {canRemove && (
          <Button danger icon={<DeleteOutlined />} disabled={!controller.selected.length} onClick={() => controller.remove(controller.selected)}>
            {t('admin.delete')}
          </Button>
        )}
      </Space>
      <NoticeTable controller={controller} />
      <NoticeFormDialog dialog={controller.dialog} onClose={controller.close} onSaved={() => void controller.refresh()} />
    </Card>
  );
}
