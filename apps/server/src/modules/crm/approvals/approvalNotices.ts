import type { Language } from '@orbit/shared/constants';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { translate, type MessageKey } from '@orbit/shared/messages';
import type { Executor } from '../../../db/client';
import { createNoticeRepository } from '../../system/notice/notice.repository';

/** A notice's title is at most this long (the notice form's limit). */
const TITLE_MAX = 50;
/** The bell's notice type "notification" (dictionary sys_notice_type). */
const NOTIFICATION = '1';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/** The web path of a record's detail page (the menus' paths: db/seed/menuTree.ts). */
const detailPath = (module: CrmModule, id: number) => `/${module === 'leads' ? 'Leads' : module}/${module}-detail?flag=detail&id=${id}`;

/**
 * Tells users in the bell about a request (a step to decide, an outcome), by a notice addressed to
 * them alone, with a link to the record and the comment; in the language of the request that caused it.
 */
export async function notifyApproval(
  tx: Executor,
  lang: Language,
  key: Extract<MessageKey, 'approval.noticeSubmitted' | 'approval.noticeApproved' | 'approval.noticeRejected'>,
  who: { userIds: number[]; by: { userName: string; nickName: string } },
  record: { module: CrmModule; id: number; name: string },
  comment: string | null,
): Promise<void> {
  if (!who.userIds.length) return;
  const title = translate(lang, key, { user: who.by.nickName, record: record.name });
  const link = `<p><a href="${escapeHtml(detailPath(record.module, record.id))}">${escapeHtml(translate(lang, 'approval.noticeOpen'))}</a></p>`;
  await createNoticeRepository(tx).insertForUsers(
    {
      noticeTitle: title.length > TITLE_MAX ? `${title.slice(0, TITLE_MAX - 1)}…` : title,
      noticeType: NOTIFICATION,
      noticeContent: link + (comment ? `<p>${escapeHtml(comment)}</p>` : ''),
      createBy: who.by.userName,
    },
    [...new Set(who.userIds)],
  );
}
