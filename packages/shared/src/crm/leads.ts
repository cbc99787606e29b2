/** The lead status a conversion sets (dictionary crm_lead_status); no one chooses it by hand. */
export const LEAD_CONVERTED = 'converted';

/** The lead status of a lead that will not be converted. */
export const LEAD_UNQUALIFIED = 'unqualified';
