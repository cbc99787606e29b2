import { Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { CODE } from '@orbit/shared/constants';
import { RequestError } from '../../../../api/request';
import LoadError from '../../../../components/admin/LoadError';

type Props = { error: unknown; loading: boolean; onRetry: () => void };

/**
 * What a print view shows until it has its content: a skeleton while loading; the server's
 * message when the record is gone or out of reach, or the address asks for something it refuses;
 * a retry when the request failed otherwise.
 */
export default function PrintState({ error, loading, onRetry }: Props) {
  const { t } = useTranslation();
  if (!error) return loading ? <Skeleton active /> : null;
  if (error instanceof RequestError && (error.code === CODE.notFound || error.code === CODE.badRequest)) {
    return <Result status="404" title={t('crm.print.unavailable')} subTitle={error.message} data-testid="print-unavailable" />;
  }
  return <LoadError onRetry={onRetry} />;
}
