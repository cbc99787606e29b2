import { sql } from 'drizzle-orm';
import type { Language } from '@orbit/shared/constants';
import type { CrmRecord } from '@orbit/shared/contract/crm';
import { activityMentions } from '@orbit/shared/contract/timeline';
import { MENTIONS_MAX } from '@orbit/shared/crm/activities';
import { NOTICE_CONTENT_MAX } from '@orbit/shared/contract/notice';
import { translate } from '@orbit/shared/messages';
import type { Executor } from '../../../db/client';
import { fieldError } from '../../../lib/errors';
import type { CurrentUser } from '../../auth/currentUser';
import { createNoticeRepository } from '../../system/notice/notice.repository';
import { rowsOf } from '../engine/query/sql';

/** A notice's title is at most this long (the notice form's limit). */
const TITLE_MAX = 50;
/** The bell's notice type "notification" (dictionary sys_notice_type). */
const NOTIFICATION = '1';

/** The web path of a record's detail page (the menus' paths: db/seed/menuTree.ts). */
function detailPath(record: { module: string; id: number }): string {
  const top = record.module === 'leads' ? 'Leads' : record.module;
  return `/${top}/${record.module}-detail?flag=detail&id=${record.id}`;
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/**
 * The users a note mentions (`@`), each told in the bell by a notice addressed to them alone: who
 * mentioned them, the subject, a link to the record and the note (already cleaned). The author is
 * not told of their own mention. Unknown or inactive users refuse the write.
 */
export async function notifyMentions(tx: Executor, author: CurrentUser, lang: Language, activity: CrmRecord, sent: unknown): Promise<void> {
  const parsed = activityMentions.safeParse(sent);
  if (!parsed.success) throw fieldError('mentions', 'activity.badMentions', { max: MENTIONS_MAX });
  const ids = [...new Set(parsed.data)];
  if (!ids.length) return;
  const found = await rowsOf(tx, sql`select user_id from sys_user where user_id in ${ids} and del_flag = '0' and status = '0'`);
  if (found.length !== ids.length) throw fieldError('mentions', 'activity.mentionNotFound');
  const told = ids.filter((id) => id !== author.userId);
  if (!told.length) return;
  const subject = String(activity.subject ?? '');
  const title = translate(lang, 'activity.mentionTitle', { user: author.nickName, subject });
  const about = (activity.relatedTo ?? activity.name) as { module: string; id: number } | null;
  const link = about ? `<p><a href="${escapeHtml(detailPath(about))}">${escapeHtml(translate(lang, 'activity.mentionOpen'))}</a></p>` : '';
  const notes = typeof activity.notes === 'string' ? activity.notes : '';
  const content = link + notes;
  await createNoticeRepository(tx).insertForUsers(
    {
      noticeTitle: title.length > TITLE_MAX ? `${title.slice(0, TITLE_MAX - 1)}…` : title,
      noticeType: NOTIFICATION,
      noticeContent: content.length > NOTICE_CONTENT_MAX ? link : content,
      createBy: author.userName,
    },
    told,
  );
}
