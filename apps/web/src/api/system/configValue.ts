import { request } from '../request';

/**
 * The value in force of a setting any signed-in person may read (RuoYi's answer: `msg`, and
 * `data`); a refusal is left to the caller. Apart from config.ts (the settings page's calls) because
 * every signed-in page loads it, with the organisation's palette.
 */
export const getConfigValue = (configKey: string) => request<{ msg: string; data: string }>({ url: `/system/config/configKey/${configKey}`, showError: false });
