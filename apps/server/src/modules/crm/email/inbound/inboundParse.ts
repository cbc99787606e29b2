import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MailParser, type AddressObject, type AttachmentStream, type MessageText } from 'mailparser';
import { normaliseEmail } from '@orbit/shared/validation';
import { cleanRichText } from '../../../../lib/richText';
import type { ObjectStore } from '../../../files/objectStore';
import { sniffingTap } from '../../../files/sniffType';
import { uploadName } from '../../../files/uploadName';
import type { NewAttachment } from '../../attachments/attachments.repository';

/** A received mail as Orbit keeps it: addresses as written and normalised, the cleaned body, its files already in the store. */
export type ParsedInbound = {
  messageId: string | null;
  inReplyTo: string | null;
  /** In-Reply-To, then References newest first: the mails it may answer, nearest first. */
  references: string[];
  subject: string;
  /** The From address, normalised. */
  fromAddress: string;
  from: string;
  to: string[];
  cc: string[];
  /** Every address of From, To and Cc, normalised. */
  addresses: string[];
  html: string;
  files: NewAttachment[];
};

const textOf = (value: AddressObject | AddressObject[] | undefined) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
const entriesOf = (value: unknown) => textOf(value as AddressObject | AddressObject[] | undefined).flatMap((a) => a.value);
/** `Name <address>` for each address of a header (groups flattened). */
const listOf = (value: unknown) =>
  entriesOf(value)
    .flatMap((e) => (e.group ? e.group : [e]))
    .filter((e) => e.address)
    .map((e) => (e.name ? `"${e.name.replace(/["\\\r\n]/g, '')}" <${e.address}>` : e.address!));
const idsOf = (value: unknown): string[] => {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/\s+/) : [];
  return list.map((v) => String(v).trim()).filter((v) => /^<[^<>\s]+>$/.test(v));
};
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Reads a mail spooled to disk (inboundListener.ts) with mailparser's streaming parser: headers
 * and text as they come, each attachment streamed into the file store (never whole in memory) with
 * its type sniffed from its first bytes like an upload's (files/sniffType.ts). The HTML is cleaned
 * by the rich-text sanitiser every stored body goes through (lib/richText.ts); a text-only mail
 * becomes paragraphs. On a failure the files already stored are removed before it is thrown.
 */
export async function parseSpooledMail(file: string, store: ObjectStore): Promise<ParsedInbound> {
  const parser = new MailParser();
  let headers = new Map<string, unknown>();
  let html = '';
  let text = '';
  const files: NewAttachment[] = [];
  const stored: Array<Promise<void>> = [];

  parser.on('headers', (h: Map<string, unknown>) => {
    headers = h;
  });
  parser.on('data', (data: AttachmentStream | MessageText) => {
    if (data.type === 'text') {
      html = typeof data.html === 'string' ? data.html : '';
      text = data.text ?? '';
      return;
    }
    const attachment = data;
    const entry: NewAttachment = { fileName: uploadName(attachment.filename, 'attachment'), contentType: 'application/octet-stream', size: 0, storageKey: `attachments/inbound/${randomUUID()}` };
    files.push(entry);
    const { tap, type } = sniffingTap();
    stored.push(
      store
        .put(entry.storageKey, (attachment.content as Readable).pipe(tap))
        .then(({ size }) => {
          entry.size = size;
          entry.contentType = type();
        })
        .finally(() => attachment.release()),
    );
  });

  try {
    await pipeline(createReadStream(file), parser);
    await Promise.all(stored);
  } catch (error) {
    await Promise.allSettled(stored);
    await Promise.all(files.map((f) => store.delete(f.storageKey)));
    throw error;
  }

  // An empty part is no file.
  await Promise.all(files.filter((f) => f.size === 0).map((f) => store.delete(f.storageKey)));
  const fromEntry = entriesOf(headers.get('from'))[0];
  const inReplyTo = idsOf(headers.get('in-reply-to'))[0] ?? null;
  const references = [...new Set([...(inReplyTo ? [inReplyTo] : []), ...idsOf(headers.get('references')).reverse()])];
  const addresses = [...new Set(['from', 'to', 'cc'].flatMap((h) => entriesOf(headers.get(h)).flatMap((e) => (e.group ? e.group : [e]))).map((e) => normaliseEmail(e.address ?? '')).filter(Boolean))];
  const body = html ? cleanRichText(html) : text.split(/\r?\n\s*\r?\n/).map((p) => `<p>${escapeHtml(p.trim()).replace(/\r?\n/g, '<br>')}</p>`).join('');
  const messageId = idsOf(headers.get('message-id'))[0] ?? null;
  return {
    messageId,
    inReplyTo,
    references,
    subject: String(headers.get('subject') ?? '').replace(/[\r\n]+/g, ' ').trim().slice(0, 998),
    fromAddress: normaliseEmail(fromEntry?.address ?? ''),
    from: listOf(headers.get('from'))[0] ?? '',
    to: listOf(headers.get('to')),
    cc: listOf(headers.get('cc')),
    addresses,
    html: body,
    files: files.filter((f) => f.size > 0),
  };
}
