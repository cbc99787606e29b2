import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { SaxesParser } from 'saxes';
import { WorkbookRefused } from './archive';

/** What a part's reader does with its XML: elements by their local name (any `x:` prefix taken off). */
export type XmlHandler = {
  open?(name: string, attributes: Record<string, string>): void;
  text?(text: string): void;
  close?(name: string): void;
};

/**
 * The longest stretch of a part without a `<`: a text or a tag. Excel's longest text (32,767
 * characters, each at most a 10-byte character reference) is a third of it. The XML parser gathers
 * a text or a tag whole before it hands it on, so a part of 500 MB with no `<` would be one string.
 */
export const MAX_MARKUP_GAP = 1024 * 1024;

/** Characters of XML handed to the parser at once: ~150 cells of a sheet, so at most ~5 MB of their text. */
const SLICE = 4 * 1024;

const LT = 0x3c;
const BANG = 0x21;
const QUESTION = 0x3f;

/**
 * Looks at the bytes before the parser does: refuses a stretch of more than MAX_MARKUP_GAP without
 * a `<`, and `<!` (comments, CDATA, a DOCTYPE: none is in a part Excel writes, and the parser would
 * gather each whole) and `<?` after the XML declaration.
 */
function markupGuard() {
  let sinceMarkup = 0;
  let afterLt = false;
  let seenMarkup = false;
  const refuse = (why: string) => {
    throw new WorkbookRefused('notWorkbook', why);
  };
  return (chunk: Buffer) => {
    let from = 0;
    if (afterLt && chunk.length) {
      afterLt = false;
      if (chunk[0] === BANG || (chunk[0] === QUESTION && seenMarkup)) refuse('markup Excel does not write');
      seenMarkup = true;
    }
    for (;;) {
      const lt = chunk.indexOf(LT, from);
      const gap = (lt < 0 ? chunk.length : lt) - from;
      if (sinceMarkup + gap > MAX_MARKUP_GAP) refuse('a text or tag over a megabyte');
      if (lt < 0) {
        sinceMarkup += gap;
        return;
      }
      sinceMarkup = 0;
      if (lt + 1 >= chunk.length) {
        afterLt = true;
        return;
      }
      const next = chunk[lt + 1];
      if (next === BANG || (next === QUESTION && seenMarkup)) refuse('markup Excel does not write');
      seenMarkup = true;
      from = lt + 1;
    }
  };
}

const local = (name: string) => name.slice(name.indexOf(':') + 1);

/**
 * Feeds a part's XML to `handler` a slice at a time, yielding after each slice so that the caller
 * can take what the handler gathered (a sheet's rows) without the part being read ahead. Throws
 * WorkbookRefused when the part is not well-formed XML of the kind Excel writes.
 */
export async function* xmlChunks(part: Readable, handler: XmlHandler): AsyncGenerator<void> {
  const parser = new SaxesParser({ position: false });
  if (handler.open) {
    const open = handler.open;
    parser.on('opentag', (tag) => open(local(tag.name), tag.attributes as Record<string, string>));
  }
  if (handler.text) parser.on('text', handler.text);
  if (handler.close) {
    const close = handler.close;
    parser.on('closetag', (tag) => close(local(tag.name)));
  }
  const guard = markupGuard();
  // A character's bytes may be split between two chunks.
  const decoder = new StringDecoder('utf8');
  const write = (text: string) => {
    try {
      parser.write(text);
    } catch (error) {
      if (error instanceof WorkbookRefused) throw error;
      throw new WorkbookRefused('notWorkbook', (error as Error).message);
    }
  };
  try {
    for await (const chunk of part) {
      guard(chunk as Buffer);
      const text = decoder.write(chunk as Buffer);
      // A slice at a time, each followed by a pause for the caller: what a slice makes is bounded
      // (a shared string of 32,767 characters may be given by every cell of it).
      for (let from = 0; from < text.length; ) {
        let to = Math.min(text.length, from + SLICE);
        // Never between the two halves of a character outside the BMP.
        if (to < text.length && /[\ud800-\udbff]/.test(text[to - 1]!)) to++;
        write(text.slice(from, to));
        from = to;
        yield;
      }
    }
    write(decoder.end());
    try {
      parser.close();
    } catch (error) {
      throw new WorkbookRefused('notWorkbook', (error as Error).message);
    }
  } finally {
    part.destroy();
  }
}

/** Reads a whole part through `handler` (the parts read before the sheet: small, or kept compactly). */
export async function parseXml(part: Readable, handler: XmlHandler): Promise<void> {
  for await (const _chunk of xmlChunks(part, handler)) continue;
}
