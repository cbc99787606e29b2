import { Alert, Card, Skeleton, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { CRM_MODULES, type CrmModule } from '@orbit/shared/crm/modules';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { useHasPermission } from '../../../utils/permission';
import LoadError from '../../../components/admin/LoadError';
import AutomationTab from './components/AutomationTab';
import AssignmentTab from './components/AssignmentTab';
import DuplicateRulesTab from './components/DuplicateRulesTab';
import FieldSecurityTab from './components/FieldSecurityTab';
import FieldsTab from './components/FieldsTab';
import LayoutsTab from './components/LayoutsTab';
import ListColumnsTab from './components/ListColumnsTab';
import RecordTypesTab from './components/RecordTypesTab';
import { useSetupModule } from './components/useSetupModule';
import './components/setup.css';

/** The module of a set-up route: `/setup/index-leads/leads-fields` → leads (SPEC §2). */
export function setupModuleOf(pathname: string): CrmModule | undefined {
  const match = /\/([A-Za-z]+)-fields\/?$/.exec(pathname);
  return CRM_MODULES.find((m) => m === match?.[1]);
}

/**
 * Set-up › {module} › Page Layout (`/setup/index-{module}/{module}-fields`): the module's fields,
 * page layouts, record types and default list columns, changed by administrators and live at once.
 */
export default function SetupFieldsPage() {
  const { pathname } = useLocation();
  const module = setupModuleOf(pathname);
  return module ? <SetupModulePage key={module} module={module} /> : null;
}

function SetupModulePage({ module }: { module: CrmModule }) {
  const { t } = useTranslation();
  const setup = useSetupModule(module);
  const { query, can } = setup;
  const data = query.data;
  const readOnly = !can.add && !can.edit && !can.remove;
  const automation = useHasPermission(PERMISSIONS.automation.list);
  const assignment = useHasPermission(PERMISSIONS.assignment.list);

  return (
    <Card size="small" data-testid="setup-page">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('setup.title', { module: t(`crm.module.${module}`) })}
      </Typography.Title>
      {readOnly && <Alert type="info" showIcon title={t('setup.readOnlyNote')} style={{ marginBottom: 12 }} />}
      {query.isError ? (
        <LoadError onRetry={() => void query.refetch()} />
      ) : !data ? (
        <div data-testid="setup-loading"><Skeleton active /></div>
      ) : (
        <Tabs
          destroyOnHidden
          items={[
            { key: 'fields', label: t('setup.tab.fields'), children: <FieldsTab module={module} data={data} setup={setup} /> },
            { key: 'layouts', label: t('setup.tab.layouts'), children: <LayoutsTab module={module} data={data} setup={setup} /> },
            { key: 'recordTypes', label: t('setup.tab.recordTypes'), children: <RecordTypesTab module={module} data={data} setup={setup} /> },
            { key: 'listColumns', label: t('setup.tab.listColumns'), children: <ListColumnsTab module={module} data={data} setup={setup} /> },
            { key: 'fieldSecurity', label: t('setup.fls.tab'), children: <FieldSecurityTab module={module} canEdit={setup.can.edit} /> },
            { key: 'duplicates', label: t('setup.tab.duplicates'), children: <DuplicateRulesTab module={module} data={data} setup={setup} /> },
            ...(automation ? [{ key: 'automation', label: t('setup.tab.automation'), children: <AutomationTab module={module} data={data} /> }] : []),
            // Beside the module's workflow rules: only Leads has assignment rules.
            ...(assignment && module === 'leads' ? [{ key: 'assignment', label: t('setup.tab.assignment'), children: <AssignmentTab module={module} /> }] : []),
          ]}
        />
      )}
    </Card>
  );
}
