// mailparser and smtp-server ship no types: what the development outbox, the dropbox (crm/email/inbound) and the tests use of them.
declare module 'mailparser' {
  import type { Readable, Transform } from 'node:stream';

  export type EmailAddress = { address?: string; name: string; group?: EmailAddress[] };
  export type AddressObject = { text: string; value: EmailAddress[] };
  export type ParsedAttachment = { filename?: string; contentType: string; size: number; content: Buffer };
  export type ParsedMail = {
    subject?: string;
    from?: AddressObject;
    to?: AddressObject | AddressObject[];
    cc?: AddressObject | AddressObject[];
    replyTo?: AddressObject;
    date?: Date;
    messageId?: string;
    html: string | false;
    text?: string;
    attachments: ParsedAttachment[];
    headers: Map<string, unknown>;
  };
  export function simpleParser(source: Buffer | string | Readable): Promise<ParsedMail>;

  /** The streaming parser: 'headers' (a Map), then 'data' — the text, and each attachment as a stream to read, then `release()`. */
  export type AttachmentStream = { type: 'attachment'; filename?: string; contentType: string; content: Readable; release(): void };
  export type MessageText = { type: 'text'; html?: string | false; text?: string };
  export class MailParser extends Transform {
    constructor(options?: Record<string, unknown>);
    on(event: 'headers', listener: (headers: Map<string, unknown>) => void): this;
    on(event: 'data', listener: (data: AttachmentStream | MessageText) => void): this;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}

declare module 'smtp-server' {
  import type { EventEmitter } from 'node:events';
  import type { Server } from 'node:net';
  import type { Readable } from 'node:stream';

  export type SMTPAddress = { address: string };
  export type SMTPSession = { id: string; envelope: { mailFrom: SMTPAddress | false; rcptTo: SMTPAddress[] } };
  export type SMTPError = Error & { responseCode?: number };
  export type SMTPServerOptions = {
    secure?: boolean;
    authOptional?: boolean;
    allowInsecureAuth?: boolean;
    disabledCommands?: string[];
    logger?: boolean;
    size?: number;
    banner?: string;
    maxClients?: number;
    onMailFrom?(address: SMTPAddress, session: SMTPSession, callback: (error?: Error | null) => void): void;
    onClose?(session: SMTPSession): void;
    onAuth?(auth: { username: string; password: string }, session: SMTPSession, callback: (error: Error | null, response?: { user: string }) => void): void;
    onData?(stream: Readable & { sizeExceeded?: boolean }, session: SMTPSession, callback: (error?: SMTPError | null, message?: string) => void): void;
  };
  export class SMTPServer extends EventEmitter {
    constructor(options: SMTPServerOptions);
    options: SMTPServerOptions;
    server: Server;
    listen(port: number, host: string, callback?: () => void): void;
    close(callback?: () => void): void;
  }
}
