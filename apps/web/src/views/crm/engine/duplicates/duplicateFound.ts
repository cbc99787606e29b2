import { CODE } from '@orbit/shared/constants';
import type { DuplicateFound } from '@orbit/shared/contract/duplicates';
import { RequestError } from '../../../../api/request';

/** The matches of a write refused by a duplicate rule (409 with `data`), or undefined for any other error. */
export function duplicateFoundIn(error: unknown): DuplicateFound | undefined {
  if (!(error instanceof RequestError) || error.code !== CODE.conflict) return undefined;
  const data = error.data as Partial<DuplicateFound> | undefined;
  return data && typeof data.ruleId === 'number' && Array.isArray(data.matches) ? (data as DuplicateFound) : undefined;
}
