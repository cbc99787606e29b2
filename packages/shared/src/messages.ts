import type { Language } from './constants';
import { messagesEn as en } from './messagesEn';
import { messagesZh as zh } from './messagesZh';
import { themeEn, themeZh } from './themeMessages';

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
