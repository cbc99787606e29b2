import type { Language } from '../constants';

/**
 * A set-up label (a field's, a record type's) in a language: the Chinese one when it was given,
 * else the English one — an English-only team need not type a Chinese label.
 */
export const labelIn = (lang: Language, en: string, zh: string | null | undefined): string => (lang === 'zh' && zh ? zh : en);
