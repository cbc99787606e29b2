import { and, eq, max, ne, sql } from 'drizzle-orm';
import type { createRecordTypeBody, updateRecordTypeBody } from '@orbit/shared/contract/setup';
import type { CrmModule } from '@orbit/shared/crm/modules';
import type { z } from 'zod';
import type { Db, Executor } from '../../../db/client';
import { crmLayout, crmRecordType } from '../../../db/schema/crm';
import { badRequest, fieldError, notFound } from '../../../lib/errors';
import { lockModuleSetup } from '../engine/ddl/customColumns';
import { bumpMetaVersion } from '../engine/metadata/metaVersion';

/** A layout of the module that a record type may use: any but the template. */
async function usableLayout(tx: Executor, module: CrmModule, id: number): Promise<number> {
  const [layout] = await tx.select().from(crmLayout).where(and(eq(crmLayout.id, id), eq(crmLayout.module, module)));
  if (!layout) throw fieldError('layoutId', 'setup.layoutNotFound');
  if (layout.isTemplate) throw fieldError('layoutId', 'setup.fixedTemplate');
  return layout.id;
}

/**
 * Record types of a module: created, renamed, activated or deactivated (a deactivated type is no
 * longer offered for new records; its records keep it and its layout), made the default, given a
 * layout. Each change bumps the metadata version in its transaction.
 */
export function createSetupRecordTypes(db: Db, module: CrmModule) {
  return {
    async create(body: z.output<typeof createRecordTypeBody>): Promise<number> {
      return db.transaction(async (tx) => {
        await lockModuleSetup(tx, module);
        const taken = await tx.select({ id: crmRecordType.id }).from(crmRecordType).where(and(eq(crmRecordType.module, module), sql`lower(${crmRecordType.name}) = lower(${body.name})`));
        if (taken.length) throw fieldError('name', 'setup.recordTypeNameTaken', { name: body.name });
        const layoutId = body.layoutId
          ? await usableLayout(tx, module, body.layoutId)
          : (await tx.select({ id: crmLayout.id }).from(crmLayout).where(and(eq(crmLayout.module, module), eq(crmLayout.isTemplate, false))).orderBy(crmLayout.id).limit(1))[0]?.id ?? null;
        const [{ order }] = (await tx.select({ order: max(crmRecordType.sortOrder) }).from(crmRecordType).where(eq(crmRecordType.module, module))) as [{ order: number | null }];
        const [row] = await tx
          .insert(crmRecordType)
          .values({ module, name: body.name, labelEn: body.labelEn, labelZh: body.labelZh, description: body.description, layoutId, sortOrder: (order ?? 0) + 1 })
          .returning({ id: crmRecordType.id });
        await bumpMetaVersion(tx);
        return row!.id;
      });
    },

    async update(id: number, body: z.output<typeof updateRecordTypeBody>): Promise<void> {
      await db.transaction(async (tx) => {
        await lockModuleSetup(tx, module);
        const [type] = await tx.select().from(crmRecordType).where(and(eq(crmRecordType.id, id), eq(crmRecordType.module, module)));
        if (!type) throw notFound('setup.recordTypeNotFound');
        if (body.isDefault && !body.active) throw fieldError('active', 'setup.defaultTypeInactive');
        if (type.isDefault && !body.active) throw fieldError('active', 'setup.defaultTypeInactive');
        const layoutId = body.layoutId ? await usableLayout(tx, module, body.layoutId) : type.layoutId;
        if (body.isDefault && !type.isDefault) {
          await tx.update(crmRecordType).set({ isDefault: false }).where(and(eq(crmRecordType.module, module), ne(crmRecordType.id, id)));
        }
        // The default stays the default until another one is chosen (a module with types always has one).
        const isDefault = type.isDefault || body.isDefault;
        if (!body.active && !isDefault) {
          const others = await tx.select({ id: crmRecordType.id }).from(crmRecordType).where(and(eq(crmRecordType.module, module), eq(crmRecordType.active, true), ne(crmRecordType.id, id)));
          if (!others.length) throw badRequest('setup.defaultTypeInactive');
        }
        await tx
          .update(crmRecordType)
          .set({ labelEn: body.labelEn, labelZh: body.labelZh, description: body.description, active: body.active, isDefault, layoutId, updateTime: new Date() })
          .where(eq(crmRecordType.id, id));
        await bumpMetaVersion(tx);
      });
    },
  };
}
