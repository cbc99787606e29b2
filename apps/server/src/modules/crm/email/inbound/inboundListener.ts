import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import { SMTPServer, type SMTPError } from 'smtp-server';
import { normaliseEmail } from '@orbit/shared/validation';
import type { Db } from '../../../../db/client';
import type { ObjectStore } from '../../../files/objectStore';
import { parseSpooledMail } from './inboundParse';
import { fileInboundMail } from './inboundStore';

/** Connections served at once: a flood waits for a free one instead of opening files without end. */
const MAX_CLIENTS = 20;
const MB = 1024 * 1024;

const smtpError = (responseCode: number, message: string) => Object.assign(new Error(message), { responseCode }) as SMTPError;

export type InboundListenerOptions = {
  db: Db;
  store: ObjectStore;
  /** Where mails are spooled while they are read (removed after). */
  dataDir: string;
  /** The largest mail taken, in MB, read per mail (the setting attachmentMaxMb). */
  maxMb: () => Promise<number>;
  log: FastifyBaseLogger;
};

/**
 * The dropbox (docs/email.md, "E-mail in"): an SMTP listener (smtp-server) taking mail for any
 * recipient — every address it receives is the dropbox. Each mail is streamed to a file under
 * DATA_DIR/inbound while it arrives, counted as it comes: past the limit nothing more is written
 * and the mail is refused (552) when its data ends. It is then read from the file (inboundParse.ts)
 * and filed (inboundStore.ts) before the answer: 250 once it is kept, 550 when its sender is not an
 * Orbit user, 451 ("try later") when it could not be kept — the sending server tries again.
 */
export function createInboundListener(options: InboundListenerOptions) {
  const spool = path.join(options.dataDir, 'inbound');
  /** Each session's limit, read at its MAIL FROM. */
  const limits = new Map<string, number>();

  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    banner: 'Orbit CRM dropbox',
    logger: false,
    maxClients: MAX_CLIENTS,
    // Advertised (EHLO SIZE); a MAIL FROM announcing more is refused at once by smtp-server.
    size: 0,
    onMailFrom(_address, session, callback) {
      // The limit of the moment for this mail (a change of the setting applies to the next one).
      void options.maxMb().then(
        (mb) => {
          limits.set(session.id, mb * MB);
          server.options.size = mb * MB;
          callback();
        },
        (error: unknown) => callback(error as Error),
      );
    },
    onClose(session) {
      limits.delete(session.id);
    },
    onData(stream, session, callback) {
      const limit = limits.get(session.id) ?? 0;
      limits.delete(session.id);
      const file = path.join(spool, `${randomUUID()}.eml`);
      let received = 0;
      let tooLarge = false;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          received += chunk.length;
          if (received > limit) tooLarge = true;
          // Past the limit the rest is read and dropped: the client still gets its answer.
          done(null, tooLarge ? undefined : chunk);
        },
      });
      const dropbox = session.envelope.rcptTo.map((r) => normaliseEmail(r.address));
      void (async () => {
        try {
          await mkdir(spool, { recursive: true });
          await pipeline(stream, counter, createWriteStream(file));
          if (tooLarge || stream.sizeExceeded) return callback(smtpError(552, `Message too big for Orbit CRM (at most ${Math.floor(limit / MB)} MB)`));
          const mail = await parseSpooledMail(file, options.store);
          const outcome = await fileInboundMail(options.db, options.store, mail, dropbox);
          if (outcome.kind === 'unknownSender') return callback(smtpError(550, 'The sender is not a user of Orbit CRM'));
          callback(null, outcome.kind === 'duplicate' ? 'Already received' : `Received by Orbit CRM as ${outcome.emailId}`);
        } catch (error) {
          options.log.error({ err: error }, 'an inbound mail could not be kept');
          callback(smtpError(451, 'Orbit CRM could not keep the message: try again later'));
        } finally {
          await rm(file, { force: true });
        }
      })();
    },
  });
  server.on('error', (error) => options.log.error({ err: error }, 'inbound SMTP listener'));

  return {
    listen: (port: number, host: string) =>
      new Promise<number>((resolve, reject) => {
        server.server.once('error', reject);
        server.listen(port, host, () => resolve((server.server.address() as AddressInfo).port));
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
