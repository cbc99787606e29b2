import { and, count, desc, eq, getTableColumns, gt, ilike, isNull, sql, type SQL } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { API_KEY_PREFIX, type ApiKeyListQuery, type ApiKeyRow, type CreateApiKeyBody } from '@orbit/shared/contract/apiKeys';
import { UNNAMED_STATEMENT, type Executor } from '../../../db/client';
import { sysApiKey } from '../../../db/schema/apiKeys';
import { DEL_FLAG_PRESENT } from '../../../db/schema/columns';
import { sysDept, sysUser } from '../../../db/schema/organisation';
import { containsPattern, dateRangeOf, offsetOf } from '../../../lib/listQuery';
import { currentUserColumns, toCurrentUser, type CurrentUser } from '../../auth/currentUser';
import { hashToken } from '../../auth/token';

export type ApiKeyRecord = typeof sysApiKey.$inferSelect;

/** A new key: the prefix and 32 random bytes (256 bits), base64url. */
export function newApiKey(): string {
  return `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** What lists show to recognise a key by: the prefix and four random characters (24 of its 256 bits). */
export const keyHintOf = (key: string) => key.slice(0, API_KEY_PREFIX.length + 4);

const rowColumns = {
  keyId: sysApiKey.keyId,
  name: sysApiKey.name,
  keyHint: sysApiKey.keyHint,
  readOnly: sysApiKey.readOnly,
  createdAt: sysApiKey.createdAt,
  expiresAt: sysApiKey.expiresAt,
  lastUsedAt: sysApiKey.lastUsedAt,
  revokedAt: sysApiKey.revokedAt,
};
type RowData = { [K in keyof typeof rowColumns]: ApiKeyRecord[K] } & { userName?: string | null; nickName?: string | null };

export function toApiKeyRow(row: RowData, now = new Date()): ApiKeyRow {
  return {
    keyId: row.keyId,
    name: row.name,
    keyHint: row.keyHint,
    readOnly: row.readOnly,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    status: row.revokedAt ? 'revoked' : row.expiresAt <= now ? 'expired' : 'active',
    ...(row.userName !== undefined ? { userName: row.userName ?? '', nickName: row.nickName ?? '' } : {}),
  };
}

/** Keys still opening the API: not revoked, not expired. */
const live = () => and(isNull(sysApiKey.revokedAt), gt(sysApiKey.expiresAt, sql`now()`));

/**
 * The key of a hash with its user as a request of theirs sees them (currentUser.ts), in one
 * statement: read on every request made with a key, so built once (see session.repository.ts).
 */
const prepareKeyRead = (db: Executor) =>
  db
    .select({ key: getTableColumns(sysApiKey), user: currentUserColumns })
    .from(sysApiKey)
    .leftJoin(sysUser, and(eq(sysUser.userId, sysApiKey.userId), eq(sysUser.delFlag, DEL_FLAG_PRESENT)))
    .leftJoin(sysDept, eq(sysDept.deptId, sysUser.deptId))
    .where(eq(sysApiKey.keyHash, sql.placeholder('keyHash')))
    .limit(1)
    .prepare(UNNAMED_STATEMENT);

export function createApiKeyRepository(db: Executor) {
  let keyRead: ReturnType<typeof prepareKeyRead> | undefined;
  return {
    /** The key of a bearer value with its user; undefined when unknown. Revocation and expiry are the caller's to judge. */
    async find(key: string): Promise<{ key: ApiKeyRecord; user: CurrentUser | undefined } | undefined> {
      keyRead ??= prepareKeyRead(db);
      const [row] = await keyRead.execute({ keyHash: hashToken(key) });
      return row && { key: row.key, user: toCurrentUser(row.user) };
    },

    async markUsed(keyId: number, at: Date): Promise<void> {
      await db.update(sysApiKey).set({ lastUsedAt: at }).where(eq(sysApiKey.keyId, keyId));
    },

    async countLive(userId: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(sysApiKey).where(and(eq(sysApiKey.userId, userId), live()));
      return row?.n ?? 0;
    },

    async create(userId: number, body: CreateApiKeyBody, key: string): Promise<ApiKeyRow> {
      const [row] = await db
        .insert(sysApiKey)
        .values({
          userId,
          name: body.name,
          keyHash: hashToken(key),
          keyHint: keyHintOf(key),
          readOnly: body.readOnly,
          expiresAt: sql`now() + make_interval(days => ${body.expiresInDays})`,
        })
        .returning(rowColumns);
      return toApiKeyRow(row!);
    },

    /** A user's own keys, newest first: the live ones and those that stopped working within 90 days. */
    async listOwn(userId: number): Promise<ApiKeyRow[]> {
      const rows = await db
        .select(rowColumns)
        .from(sysApiKey)
        .where(and(eq(sysApiKey.userId, userId), sql`coalesce(${sysApiKey.revokedAt}, ${sysApiKey.expiresAt}) > now() - interval '90 days'`))
        .orderBy(desc(sysApiKey.keyId));
      return rows.map((r) => toApiKeyRow(r));
    },

    /** Everyone's keys the caller may see (`scope`: their reach over users), a page at a time. */
    async listAll(query: ApiKeyListQuery, scope: SQL | undefined): Promise<{ rows: ApiKeyRow[]; total: number }> {
      const where = and(
        eq(sysUser.delFlag, DEL_FLAG_PRESENT),
        scope,
        query.userName ? ilike(sysUser.userName, containsPattern(query.userName)) : undefined,
        query.name ? ilike(sysApiKey.name, containsPattern(query.name)) : undefined,
        dateRangeOf(sysApiKey.createdAt, query),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ ...rowColumns, userName: sysUser.userName, nickName: sysUser.nickName })
          .from(sysApiKey)
          .innerJoin(sysUser, eq(sysUser.userId, sysApiKey.userId))
          .where(where)
          .orderBy(sql`${sysApiKey.revokedAt} is not null`, desc(sysApiKey.keyId))
          .limit(query.pageSize)
          .offset(offsetOf(query)),
        db.select({ n: count() }).from(sysApiKey).innerJoin(sysUser, eq(sysUser.userId, sysApiKey.userId)).where(where),
      ]);
      return { rows: rows.map((r) => toApiKeyRow(r)), total: total?.n ?? 0 };
    },

    /**
     * Revokes a key that is not revoked yet, when `owner` holds (the caller's own key, or a user
     * within an administrator's reach); answers whether one was.
     */
    async revoke(keyId: number, owner: SQL | undefined, by: string): Promise<boolean> {
      const revoked = await db
        .update(sysApiKey)
        .set({ revokedAt: sql`now()`, revokedBy: by })
        .where(
          and(
            eq(sysApiKey.keyId, keyId),
            isNull(sysApiKey.revokedAt),
            owner ? sql`exists (select 1 from ${sysUser} where ${sysUser.userId} = ${sysApiKey.userId} and ${owner})` : undefined,
          ),
        )
        .returning({ keyId: sysApiKey.keyId });
      return revoked.length > 0;
    },
  };
}

export type ApiKeyRepository = ReturnType<typeof createApiKeyRepository>;
