import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Skeleton, Space, Statistic, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@orbit/shared/constants';
import type { CampaignFigures as Figures } from '@orbit/shared/contract/campaign';
import { getCampaignFigures } from '../../../../api/crmCampaign';
import LoadError from '../../../../components/admin/LoadError';
import ConvertedNote from '../../../../components/money/ConvertedNote';
import { asCurrency, formatCurrency } from '../../../../utils/formatCurrency';

/** Query keys of a campaign's figures start with this (fetched again when its members change). */
export const figuresKey = (campaignId: number) => ['crm-campaign-figures', campaignId];

/** A fraction as a percentage with at most one decimal ("—" when there is none: no members, no cost). */
export function percent(value: number | null, language: string): string {
  if (value === null) return '—';
  return new Intl.NumberFormat(language === 'zh' ? 'zh-CN' : 'en-US', { style: 'percent', maximumFractionDigits: 1 }).format(value);
}

/**
 * A campaign's figures, worked out by the server in one statement: members (leads and contacts), responses and
 * response rate, converted leads, opportunities and won amount from them, and ROI — for the
 * campaign alone or with its child campaigns. Amounts in the language's currency (SPEC §9).
 */
export default function CampaignFigures({ campaignId }: { campaignId: number }) {
  const { t, i18n } = useTranslation();
  const [children, setChildren] = useState(false);
  const figures = useQuery({
    queryKey: [...figuresKey(campaignId), children],
    queryFn: async () => (await getCampaignFigures(campaignId, children)).data,
    staleTime: 0,
  });
  const language = i18n.language as Language;

  return (
    <Card
      size="small"
      className="crm-detail-section"
      data-testid="campaign-figures"
      title={t('crm.campaign.figures')}
      extra={
        <Space size="small">
          <Typography.Text type="secondary">{t('crm.campaign.withChildren')}</Typography.Text>
          <Switch size="small" checked={children} onChange={setChildren} aria-label={t('crm.campaign.withChildren')} data-testid="figures-children" />
        </Space>
      }
    >
      {figures.isError ? (
        <LoadError onRetry={() => void figures.refetch()} />
      ) : !figures.data ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <FigureGrid figures={figures.data} language={language} />
      )}
    </Card>
  );
}

function FigureGrid({ figures: f, language }: { figures: Figures; language: Language }) {
  const { t } = useTranslation();
  const items: Array<{ key: string; value: string | number; hint?: string }> = [
    { key: 'members', value: f.members, hint: t('crm.campaign.memberBreakdown', { leads: f.leadMembers, contacts: f.contactMembers }) },
    { key: 'responses', value: f.responses },
    { key: 'responseRate', value: percent(f.responseRate, language) },
    { key: 'convertedLeads', value: f.convertedLeads },
    { key: 'opportunities', value: f.opportunities },
    { key: 'wonAmount', value: formatCurrency(f.wonAmount, language, asCurrency(f.currency)), hint: t('crm.campaign.wonCount', { count: f.wonOpportunities }) },
    { key: 'actualCost', value: f.actualCost === null ? '—' : formatCurrency(f.actualCost, language, asCurrency(f.currency)), hint: f.withChildren ? t('crm.campaign.campaignCount', { count: f.campaigns }) : undefined },
    { key: 'roi', value: percent(f.roi, language) },
  ];
  return (
    <Row gutter={[16, 16]}>
      {items.map((item) => (
        <Col key={item.key} xs={12} sm={8} md={6} data-testid={`figure-${item.key}`}>
          <Statistic title={t(`crm.campaign.figure.${item.key}`)} value={item.value} styles={{ content: { fontSize: 20 } }} />
          {item.hint && <Typography.Text type="secondary">{item.hint}</Typography.Text>}
          {/* Cost, won amount and ROI add amounts of other currencies: they say they were converted (issue 33). */}
          {f.moneyConverted && ['wonAmount', 'actualCost', 'roi'].includes(item.key) && (
            <div>
              <ConvertedNote currency={f.currency} testId={`figure-${item.key}-converted`} />
            </div>
          )}
        </Col>
      ))}
    </Row>
  );
}
