import { TeamOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Checkbox, Form, List, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TEAM_ROLES, type TeamMember, type TeamModule, type TeamRole } from '@orbit/shared/contract/sharing';
import { addTeamMember, getRecordTeam, removeTeamMember } from '../../../../api/sharing';
import DialogForm from '../../../../components/admin/DialogForm';
import FormDialog from '../../../../components/admin/FormDialog';
import LoadError from '../../../../components/admin/LoadError';
import LoadingRows from '../../../../components/LoadingRows';
import { useFormSubmit } from '../../../../components/admin/useFormSubmit';
import LookupSelect from '../LookupSelect';
import { AccessLevelTag, RemoveAccessButton } from './AccessRowParts';
import { sharingKey } from './SharingPanel';

/** Query key of a record's Team panel. */
export const teamKey = (module: TeamModule, id: number) => ['crm-team', module, id];

/**
 * The Team panel of an account or an opportunity (docs/architecture.md, "Sharing"): its members
 * with their team role and access level. Those who may edit the record and hold the share
 * permission (the server answers `canManage`) add, change and remove members; a change reaches
 * the member's next request, and the Sharing panel's reasons follow.
 */
export default function TeamPanel({ module, id }: { module: TeamModule; id: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const team = useQuery({ queryKey: teamKey(module, id), queryFn: async () => (await getRecordTeam(module, id)).data });
  const [adding, setAdding] = useState(false);
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: teamKey(module, id) });
    await queryClient.invalidateQueries({ queryKey: sharingKey(module, id) });
  };
  const data = team.data;

  return (
    <Card
      size="small"
      title={t('team.panel.title')}
      className="crm-detail-section"
      data-testid="record-team"
      extra={
        data?.canManage && (
          <Button size="small" icon={<TeamOutlined />} onClick={() => setAdding(true)} data-testid="team-add">
            {t('team.panel.add')}
          </Button>
        )
      }
    >
      <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
        {t(`team.panel.help.${module}`)}
      </Typography.Paragraph>
      {team.isError ? (
        <LoadError onRetry={() => void team.refetch()} />
      ) : !data ? (
        <div data-testid="team-loading"><LoadingRows /></div>
      ) : (
        <List<TeamMember>
          size="small"
          dataSource={data.members}
          locale={{ emptyText: <Typography.Text type="secondary">{t('team.panel.empty')}</Typography.Text> }}
          data-testid="team-list"
          renderItem={(member) => (
            <List.Item
              data-testid={`team-row-${member.id}`}
              actions={
                data.canManage
                  ? [
                      <RemoveAccessButton
                        key="remove"
                        label={t('team.panel.remove', { name: member.userName })}
                        question={t('team.panel.confirmRemove', { name: member.userName })}
                        testId={`team-remove-${member.id}`}
                        onRemove={async () => {
                          await removeTeamMember(module, id, member.id);
                          await refresh();
                        }}
                      />,
                    ]
                  : []
              }
            >
              <Space size={4} wrap>
                <Typography.Text>{member.userName}</Typography.Text>
                <Tag>{t(`team.role.${member.teamRole}`)}</Tag>
                <AccessLevelTag canWrite={member.canWrite} />
              </Space>
            </List.Item>
          )}
        />
      )}
      <MemberDialog module={module} id={id} open={adding} onClose={() => setAdding(false)} onDone={refresh} />
    </Card>
  );
}

type Values = { userId?: number | null; teamRole: TeamRole; canWrite: boolean };

/** Adds a member, or changes an existing member's role and access (the server keeps one row per user). */
function MemberDialog({ module, id, open, onClose, onDone }: { module: TeamModule; id: number; open: boolean; onClose: () => void; onDone: () => Promise<void> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { saving, submit } = useFormSubmit(
    form,
    (values: Values) => addTeamMember(module, id, { userId: values.userId!, teamRole: values.teamRole, canWrite: !!values.canWrite }),
    () => {
      void onDone();
      onClose();
    },
  );
  const required = [{ required: true, message: t('server.validation.required', { field: t('team.panel.member') }) }];
  return (
    <FormDialog open={open} title={t('team.panel.add')} saving={saving} onSubmit={() => void submit()} onClose={onClose}>
      <DialogForm form={form} layout="vertical" initialValues={{ teamRole: 'accountManager', canWrite: false }} data-testid="team-form">
        <Form.Item name="userId" label={t('team.panel.member')} required rules={required}>
          <LookupSelect target="user" />
        </Form.Item>
        <Form.Item name="teamRole" label={t('team.panel.role')}>
          <Select options={TEAM_ROLES.map((r) => ({ value: r, label: t(`team.role.${r}`) }))} data-testid="team-role" />
        </Form.Item>
        <Form.Item name="canWrite" valuePropName="checked">
          <Checkbox data-testid="team-can-write">{t('team.panel.canWrite')}</Checkbox>
        </Form.Item>
      </DialogForm>
    </FormDialog>
  );
}
