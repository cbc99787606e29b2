import type { Language } from '@orbit/shared/constants';
import { isMessageKey, translate, type MessageParams } from '@orbit/shared/messages';
import { AppError } from '../../../lib/errors';

/**
 * Why an action or a delivery failed, kept as a message key and its params (JSON) so that the run
 * log shows it in the reader's language; an unexpected error keeps its own text.
 */
export function storedError(err: unknown): string {
  if (err instanceof AppError) return JSON.stringify({ key: err.key, params: err.params });
  return JSON.stringify({ text: err instanceof Error ? err.message : String(err) });
}

export const storedKey = (key: string, params: MessageParams = {}) => JSON.stringify({ key, params });

export function readStoredError(stored: string | null, lang: Language): string | null {
  if (stored === null) return null;
  try {
    const parsed = JSON.parse(stored) as { key?: string; params?: MessageParams; text?: string };
    if (parsed.key && isMessageKey(parsed.key)) return translate(lang, parsed.key, parsed.params ?? {});
    return parsed.text ?? stored;
  } catch {
    return stored;
  }
}
