import { describe, expect, it } from 'vitest';
import { accountEn } from './crm/accountMessages';
import { campaignEn } from './crm/campaignMessages';
import { fileJobEn } from './crm/fileJobMessages';
import { importEn } from './crm/importMessages';
import { opportunityEn } from './crm/opportunityMessages';
import { reportEn } from './crm/reportMessages';
import { setupEn } from './crm/setupMessages';
import { crmEn } from './crmMessages';
import { messages } from './messages';
import { signInEn } from './signInMessages/en';
import { signInZh } from './signInMessages/zh';
import { systemEn } from './systemMessages';

describe('message tables', () => {
  // The tables are spread into one: a key defined twice would silently take the later text (the
  // user import's 'import.noRows' once replaced the record import's).
  it('define each key in one place only', () => {
    const parts = { signInEn, accountEn, campaignEn, opportunityEn, setupEn, reportEn, fileJobEn, importEn, systemEn };
    const owners = new Map<string, string[]>();
    for (const [name, table] of Object.entries(parts)) for (const key of Object.keys(table)) owners.set(key, [...(owners.get(key) ?? []), name]);
    expect([...owners].filter(([, names]) => names.length > 1)).toEqual([]);
    // Every part's text is the one the merged table serves.
    for (const table of Object.values(parts)) for (const [key, text] of Object.entries(table)) expect(messages.en[key as keyof typeof messages.en]).toBe(text);
    expect(Object.keys(crmEn).length).toBeGreaterThan(0);
  });

  // The web's sign-in page loads only these parts (web i18n/i18n.ts), so they must be complete.
  it('keep the sign-in part in both languages, as the merged table serves it', () => {
    expect(Object.keys(signInZh).sort()).toEqual(Object.keys(signInEn).sort());
    for (const [key, text] of Object.entries(signInZh)) expect(messages.zh[key as keyof typeof messages.zh]).toBe(text);
  });
});
