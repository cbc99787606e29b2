import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { getOperlog } from '../../../../api/monitor/operlog';
import { formatTime } from '../../../../components/admin/formatTime';
import LoadError from '../../../../components/admin/LoadError';
import DictTag from '../../../../components/dict/DictTag';
import { useDict } from '../../../../components/dict/useDict';

/** Pretty-prints JSON text; anything else is shown as it is. */
export function prettyJson(text: string | null | undefined): string {
  if (!text) return '';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

const codeStyle = { margin: 0, maxHeight: 240, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all', background: 'rgba(0,0,0,0.04)', padding: 8, borderRadius: 6, fontSize: 12 } as const;

/** Everything recorded about one operation: who, where, what was sent and answered, how long it took. */
export default function OperlogDrawer({ operId, onClose }: { operId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const dict = useDict('sys_oper_type', 'sys_common_status');
  const query = useQuery({ queryKey: ['monitor-operlog-detail', operId], queryFn: async () => (await getOperlog(operId!)).data, enabled: operId !== null });
  const log = query.data;

  return (
    <Drawer open={operId !== null} title={t('operlog.detailTitle')} size="large" onClose={onClose} destroyOnHidden>
      {query.isError ? (
        <LoadError onRetry={() => void query.refetch()} />
      ) : !log ? (
        <Skeleton active />
      ) : (
        <Descriptions column={2} bordered size="small" data-testid="operlog-detail">
          <Descriptions.Item label={t('operlog.title')}>{log.title}</Descriptions.Item>
          <Descriptions.Item label={t('operlog.businessType')}>
            <DictTag options={dict.sys_oper_type} value={log.businessType} />
          </Descriptions.Item>
          <Descriptions.Item label={t('operlog.operName')}>{log.operName}</Descriptions.Item>
          <Descriptions.Item label={t('operlog.deptName')}>{log.deptName}</Descriptions.Item>
          <Descriptions.Item label={t('operlog.operIp')}>{log.operIp}</Descriptions.Item>
          <Descriptions.Item label={t('operlog.operLocation')}>{log.operLocation}</Descriptions.Item>
          <Descriptions.Item label={t('operlog.request')} span={2}>
            {log.requestMethod} {log.operUrl}
          </Descriptions.Item>
          <Descriptions.Item label={t('operlog.method')} span={2}>
            {log.method}
          </Descriptions.Item>
          <Descriptions.Item label={t('operlog.operParam')} span={2}>
            <pre style={codeStyle}>{prettyJson(log.operParam)}</pre>
          </Descriptions.Item>
          <Descriptions.Item label={t('operlog.jsonResult')} span={2}>
            <pre style={codeStyle}>{prettyJson(log.jsonResult)}</pre>
          </Descriptions.Item>
          <Descriptions.Item label={t('operlog.status')}>
            <DictTag options={dict.sys_common_status} value={log.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('operlog.costTime')}>{t('operlog.ms', { ms: log.costTime })}</Descriptions.Item>
          <Descriptions.Item label={t('operlog.operTime')} span={2}>
            {formatTime(log.operTime)}
          </Descriptions.Item>
          {log.errorMsg ? (
            <Descriptions.Item label={t('operlog.errorMsg')} span={2}>
              <Typography.Text type="danger">{log.errorMsg}</Typography.Text>
            </Descriptions.Item>
          ) : null}
        </Descriptions>
      )}
    </Drawer>
  );
}
