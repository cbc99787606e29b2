import { useQuery } from '@tanstack/react-query';
import { Form, type FormInstance } from 'antd';
import { useEffect } from 'react';
import type { DuplicateMatch } from '@orbit/shared/contract/crm';
import { getConvertContacts } from '../../../../api/crm';
import { chosenAccountId, type ConvertValues } from './convertLead';

export type ContactCandidates = { accountId: number | null; data?: DuplicateMatch[]; isLoading: boolean; isError: boolean; refetch: () => void };

/**
 * The contacts of the chosen existing account the lead may already be (its e-mail or name), looked
 * up whenever the account changes. The first is preselected, as the contact the lead becomes: the
 * user sees it linked rather than another made; without one, a new contact is.
 */
export function useContactCandidates(form: FormInstance<ConvertValues>, leadId: number, enabled: boolean): ContactCandidates {
  // The two values that name the account, not the whole part: typing a new account's name redraws nothing here.
  const pick = Form.useWatch(['account', 'pick'], form);
  const searched = Form.useWatch(['account', 'accountId'], form);
  const accountId = chosenAccountId({ pick, accountId: searched });
  const query = useQuery({
    queryKey: ['crm-convert-contacts', leadId, accountId],
    queryFn: async () => (await getConvertContacts(leadId, accountId!)).data,
    enabled: enabled && accountId !== null,
    staleTime: 0,
  });
  const { data } = query;
  useEffect(() => {
    if (data) form.setFieldValue(['contact', 'pick'], data[0]?.id ?? 'new');
  }, [data, form]);
  return { accountId, data, isLoading: query.isLoading, isError: query.isError, refetch: () => void query.refetch() };
}
