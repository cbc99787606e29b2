import { sql } from 'drizzle-orm';
import type { Language } from '@orbit/shared/constants';
import type { ApprovalProcessBody } from '@orbit/shared/contract/approvals';
import type { ApprovalProcess } from '@orbit/shared/crm/approvals';
import type { CrmModule } from '@orbit/shared/crm/modules';
import type { Db, Executor } from '../../../db/client';
import { badRequest, fieldError, notFound } from '../../../lib/errors';
import type { CurrentUser } from '../../auth/currentUser';
import { approvalProcessesOf, toApprovalProcess } from '../engine/approvals/approvalProcessRows';
import { labelOf, compileFilter } from '../engine/query/filterCompiler';
import type { MetadataStore, ModuleDef } from '../engine/metadata/moduleDef';
import { rowsOf } from '../engine/query/sql';
import { approverExists } from './approvers';

/** Fields an approval may set: present, writable on an update, not computed. */
function settable(def: ModuleDef, name: string) {
  const field = def.byName.get(name);
  return field && !field.readOnly && !field.formula && field.name !== 'recordTypeId' ? field : undefined;
}

/**
 * Checks a process against the module's metadata before it is saved: the entry conditions through
 * the list filters' compiler (same fields, operators and value checks), the "when" picklist and one
 * of its values, every step's user or role, every final action's field. Throws the first problem.
 */
async function checkProcess(tx: Executor, def: ModuleDef, body: ApprovalProcessBody, lang: Language): Promise<void> {
  if (body.entryFilter) compileFilter(body.entryFilter, def, lang);
  if (body.whenField !== null) {
    const field = def.byName.get(body.whenField);
    if (!field || field.type !== 'picklist' || !field.dictType) throw fieldError('whenField', 'approval.whenNotPicklist');
    const known = body.whenValue !== null && (await rowsOf(tx, sql`select 1 from sys_dict_data where dict_type = ${field.dictType} and dict_value = ${body.whenValue}`)).length > 0;
    if (!known) throw fieldError('whenValue', 'approval.badWhenValue', { field: labelOf(field, lang) });
  }
  for (const [i, step] of body.steps.entries()) {
    if (!(await approverExists(tx, step))) throw badRequest('approval.badApprover', { step: i + 1 });
  }
  for (const action of [...body.onApprove, ...body.onReject]) {
    if (!settable(def, action.field)) {
      const field = def.byName.get(action.field);
      throw badRequest('approval.badAction', { field: field ? labelOf(field, lang) : action.field });
    }
  }
}

const columnsOf = (body: ApprovalProcessBody) => ({
  name: body.name,
  active: body.active,
  entry_filter: body.entryFilter === null ? null : JSON.stringify(body.entryFilter),
  when_field: body.whenField,
  when_value: body.whenField === null ? null : body.whenValue,
  steps: JSON.stringify(body.steps.map((s) => (s.kind === 'manager' ? { kind: s.kind } : { kind: s.kind, id: s.id }))),
  on_approve: JSON.stringify(body.onApprove),
  on_reject: JSON.stringify(body.onReject),
  notify: body.notify,
});

/** A module's approval processes in Set-up (docs/records-engine.md, "Approval processes"). */
export function approvalProcessService(db: Db, meta: MetadataStore, module: CrmModule) {
  const def = () => meta.module(module);
  return {
    list: (): Promise<ApprovalProcess[]> => approvalProcessesOf(db, module),

    async create(body: ApprovalProcessBody, user: CurrentUser, lang: Language): Promise<ApprovalProcess> {
      return db.transaction(async (tx) => {
        await checkProcess(tx, def(), body, lang);
        const c = columnsOf(body);
        const [row] = await rowsOf(
          tx,
          sql`insert into crm_approval_process (module, name, active, entry_filter, when_field, when_value, steps, on_approve, on_reject, notify, create_by)
              values (${module}, ${c.name}, ${c.active}, ${c.entry_filter}::jsonb, ${c.when_field}, ${c.when_value}, ${c.steps}::jsonb, ${c.on_approve}::jsonb, ${c.on_reject}::jsonb, ${c.notify}, ${user.userName})
              returning *`,
        );
        return toApprovalProcess(row!);
      });
    },

    async update(id: number, body: ApprovalProcessBody, user: CurrentUser, lang: Language): Promise<ApprovalProcess> {
      return db.transaction(async (tx) => {
        await checkProcess(tx, def(), body, lang);
        const c = columnsOf(body);
        const [row] = await rowsOf(
          tx,
          sql`update crm_approval_process set name = ${c.name}, active = ${c.active}, entry_filter = ${c.entry_filter}::jsonb, when_field = ${c.when_field},
              when_value = ${c.when_value}, steps = ${c.steps}::jsonb, on_approve = ${c.on_approve}::jsonb, on_reject = ${c.on_reject}::jsonb, notify = ${c.notify},
              update_by = ${user.userName}, update_time = now() where id = ${id} and module = ${module} returning *`,
        );
        if (!row) throw notFound('approval.notFound');
        return toApprovalProcess(row);
      });
    },

    /** Removes a process; its requests keep their trail. One with a pending request is refused (recall or decide it first). */
    async remove(id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await rowsOf(tx, sql`select id from crm_approval_process where id = ${id} and module = ${module} for update`);
        if (!row) throw notFound('approval.notFound');
        const pending = await rowsOf(tx, sql`select 1 from crm_approval_request where process_id = ${id} and status = 'pending' limit 1`);
        if (pending.length) throw badRequest('approval.processInUse');
        await tx.execute(sql`delete from crm_approval_process where id = ${id}`);
      });
    },
  };
}
