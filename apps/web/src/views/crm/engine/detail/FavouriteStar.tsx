import { StarFilled, StarOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { useToggleFavourite } from '../../../../layout/routes/useUserRecords';

/** The star beside a record's name: one click keeps it in the user's favourites (search palette, My day), another removes it. */
export default function FavouriteStar({ module, id, name }: { module: CrmModule; id: number; name: string }) {
  const { t } = useTranslation();
  const { starred, ready, toggle } = useToggleFavourite({ module, id });
  const label = t(starred ? 'crm.favourite.remove' : 'crm.favourite.add', { name });
  return (
    <Tooltip title={t(starred ? 'crm.favourite.starred' : 'crm.favourite.star')}>
      <Button
        type="text"
        shape="circle"
        icon={starred ? <StarFilled className="crm-favourite-on" /> : <StarOutlined />}
        aria-label={label}
        aria-pressed={starred}
        disabled={!ready}
        loading={toggle.isPending}
        onClick={() => toggle.mutate()}
        data-testid="record-favourite"
      />
    </Tooltip>
  );
}
