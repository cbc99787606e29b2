import type { Language } from './constants';
import { messagesEn } from './messagesEn';
import { messagesZh } from './messagesZh';
import { passwordStrengthEn, passwordStrengthZh } from './passwordStrengthMessages';
import { themeEn, themeZh } from './themeMessages';

/**
 * The server's whole table. The password-strength reasons join here, not in messagesEn/Zh: only the
 * server puts them into words (a refusal arrives translated), so the web, which loads those two
 * tables, does not carry them (the leads list's first visit is within a KiB of its budget).
 */
const en = { ...messagesEn, ...passwordStrengthEn };
const zh = { ...messagesZh, ...passwordStrengthZh };

/**
 * Every message the server sends and every validation message a form shows, in both languages
 * (messagesEn.ts, messagesZh.ts). Keys are stable; the server translates by the request's
 * language, the web app reuses the same text.
 */
export type MessageKey = keyof typeof en | keyof typeof themeEn;

// The theme palette's messages (themeMessages.ts) are merged here, not into the tables the web
// loads for every page: only its settings panels show them, and they add them (web docs/web-shell.md).
export const messages: Record<Language, Record<MessageKey, string>> = { en: { ...en, ...themeEn }, zh: { ...zh, ...themeZh } };

export type MessageParams = Record<string, string | number>;

/** Fills `{{name}}` placeholders; a `field` param that is itself a message key is translated first. */
export function translate(lang: Language, key: MessageKey, params: MessageParams = {}): string {
  const table = messages[lang] ?? messages.en;
  let text: string = table[key] ?? messages.en[key] ?? key;
  for (const [name, raw] of Object.entries(params)) {
    const value = typeof raw === 'string' && isMessageKey(raw) ? table[raw] : String(raw);
    text = text.split(`{{${name}}}`).join(value);
  }
  return text;
}

/** Own keys only: a field named `constructor` or `toString` is not a message. */
export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(messages.en, value);
}
