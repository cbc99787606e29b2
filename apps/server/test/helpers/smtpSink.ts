import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPError } from 'smtp-server';

/**
 * How the test's SMTP server answers the next mails: accept, refuse for good (550), "try later" (451)
 * a number of times first, or never (`hang`: the mail is read and left unanswered, as a server does
 * while its sender dies — it is not accepted).
 */
export type SinkMode = { kind: 'accept' } | { kind: 'reject'; code: number; message: string } | { kind: 'deferThenAccept'; times: number } | { kind: 'defer' } | { kind: 'hang' };

export type ReceivedMail = { raw: Buffer; parsed: ParsedMail; rcptTo: string[]; mailFrom: string };

/**
 * A real SMTP server (smtp-server) on a free local port, keeping what arrives: the mail sent from
 * Orbit goes over the wire to it and is read back as a receiver reads it (mailparser).
 */
export async function startSmtpSink(options: { requireAuth?: { user: string; pass: string } } = {}) {
  const received: ReceivedMail[] = [];
  const auths: Array<{ username: string; password: string }> = [];
  let mode: SinkMode = { kind: 'accept' };
  let dataCommands = 0;
  const server = new SMTPServer({
    secure: false,
    authOptional: !options.requireAuth,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      auths.push({ username: auth.username, password: auth.password });
      if (options.requireAuth && (auth.username !== options.requireAuth.user || auth.password !== options.requireAuth.pass)) return callback(new Error('Invalid username or password'));
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        dataCommands++;
        const fail = (code: number, message: string) => callback(Object.assign(new Error(message), { responseCode: code }) as SMTPError);
        if (mode.kind === 'hang') return;
        if (mode.kind === 'reject') return fail(mode.code, mode.message);
        if (mode.kind === 'defer') return fail(451, 'Requested action aborted: local error in processing');
        if (mode.kind === 'deferThenAccept' && mode.times > 0) {
          mode = { kind: 'deferThenAccept', times: mode.times - 1 };
          return fail(451, 'Try again later');
        }
        const raw = Buffer.concat(chunks);
        void simpleParser(raw).then((parsed) => {
          received.push({ raw, parsed, rcptTo: session.envelope.rcptTo.map((r) => r.address), mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '' });
          callback(null, 'Message queued as test-1');
        });
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    auths,
    /** Every DATA the server answered, accepted or not. */
    get attempts() {
      return dataCommands;
    },
    answer(next: SinkMode) {
      mode = next;
    },
    reset() {
      received.length = 0;
      auths.length = 0;
      dataCommands = 0;
      mode = { kind: 'accept' };
    },
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}
