import type { MessageKey } from '@orbit/shared/messages';
import { fieldError, type AppError } from './errors';

/**
 * The unique indexes a form can run into, by name: the field they guard and the message the
 * service's own check gives. Services check first; this answers the same when two saves race past
 * that check and the database refuses the second.
 */
const UNIQUE_INDEXES: Record<string, { field: string; key: MessageKey }> = {
  sys_user_name_uq: { field: 'userName', key: 'user.nameTaken' },
  sys_user_email_uq: { field: 'email', key: 'user.emailTaken' },
  sys_role_key_uq: { field: 'roleKey', key: 'role.keyTaken' },
  sys_dict_type_uq: { field: 'dictType', key: 'dict.typeTaken' },
  sys_dict_data_value_uq: { field: 'dictValue', key: 'dict.valueTaken' },
  crm_report_name_uq: { field: 'name', key: 'report.nameTaken' },
  crm_dashboard_name_uq: { field: 'name', key: 'dashboard.nameTaken' },
};

const UNIQUE_VIOLATION = '23505';

type PgError = { code?: unknown; constraint?: unknown; cause?: unknown };

/** The field error for a unique-index violation on a guarded index (drizzle wraps the driver's error), else undefined. */
export function uniqueViolationError(error: unknown, body: unknown): AppError | undefined {
  for (let e = error as PgError | undefined, depth = 0; e && depth < 3; e = e.cause as PgError | undefined, depth++) {
    if (e.code !== UNIQUE_VIOLATION || typeof e.constraint !== 'string') continue;
    const guarded = UNIQUE_INDEXES[e.constraint];
    if (!guarded) return undefined;
    const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[guarded.field] : undefined;
    return fieldError(guarded.field, guarded.key, { value: typeof value === 'string' ? value : '' });
  }
  return undefined;
}
