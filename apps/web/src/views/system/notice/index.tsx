import { Card, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { withDateRange, type DateRange } from '../../../components/admin/dateRange';
import DateRangeFilterItem from '../../../components/admin/DateRangeFilterItem';
import ListToolbar from '../../../components/admin/ListToolbar';
import SearchForm from '../../../components/admin/SearchForm';
import { dictSelectOptions, useDict } from '../../../components/dict/useDict';
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

  return (
    <Card size="small" data-testid="notice-page">
      <SearchForm form={form} onSearch={withDateRange<SearchValues>(list.search)} onReset={list.reset}>
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
      <ListToolbar
        add={{ permission: PERMISSIONS.notice.add, onClick: () => controller.open({}), testId: 'notice-add' }}
        remove={{ permission: PERMISSIONS.notice.remove, selected: controller.selected, onClick: controller.remove }}
      />
      <NoticeTable controller={controller} />
      <NoticeFormDialog dialog={controller.dialog} onClose={controller.close} onSaved={() => void controller.refresh()} />
    </Card>
  );
}
