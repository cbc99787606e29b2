import { constants as zlibConstants, crc32, deflateRawSync } from 'node:zlib';

/*
 * Zips written by hand, as an attacker writes them: what a file declares and what it holds may
 * differ. No app in here, so that the benchmarks (bench/uploadLimits.ts) build the same files.
 */

/** A file already deflated (method 8): what it unpacks to is `size` bytes. */
export type Deflated = { deflated: Buffer; size: number };

/**
 * A zip of these files, as any zip tool can write one: texts stored without compression, Deflated
 * ones as they are. `declaredSize` is the unpacked size both headers of every file claim (a zip bomb
 * claims what it likes); by default the real one.
 */
export function zip(files: Record<string, string | Deflated>, declaredSize?: number): Buffer {
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const [name, file] of Object.entries(files)) {
    const stored = typeof file === 'string';
    const data = stored ? Buffer.from(file) : file.deflated;
    const size = declaredSize ?? (stored ? data.length : file.size);
    const crc = stored ? crc32(data) : 0;
    const fileName = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(stored ? 0 : 8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(fileName.length, 26);
    parts.push(local, fileName, data);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(stored ? 0 : 8, 10);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(size, 24);
    entry.writeUInt16LE(fileName.length, 28);
    entry.writeUInt32LE(offset, 42);
    directory.push(entry, fileName);
    offset += 30 + fileName.length + data.length;
  }
  const central = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(central.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, central, end]);
}

/**
 * `prefix`, then `unit` repeated to about `bytes`, then `suffix`, deflated without ever being held:
 * a megabyte of units is deflated once, with a full flush (no back-reference crosses it), and that
 * block repeated — 600 MB of `<row r="3"/>` is ~1.2 MB, made in milliseconds.
 */
export function deflatedRepeat(prefix: string, unit: string, bytes: number, suffix: string): Deflated {
  const flush = { finishFlush: zlibConstants.Z_FULL_FLUSH };
  const block = Buffer.from(unit.repeat(Math.floor((1024 * 1024) / unit.length)));
  const count = Math.ceil(bytes / block.length);
  const repeated = deflateRawSync(block, flush);
  const deflated = Buffer.concat([deflateRawSync(Buffer.from(prefix), flush), ...Array.from({ length: count }, () => repeated), deflateRawSync(Buffer.from(suffix))]);
  return { deflated, size: prefix.length + count * block.length + suffix.length };
}

/** A workbook's smallest parts around a first sheet of the given XML (a Deflated one for a bomb). */
export function workbookParts(sheet: string | Deflated, more: Record<string, string | Deflated> = {}): Record<string, string | Deflated> {
  const ns = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  return {
    '[Content_Types].xml': '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    'xl/workbook.xml': `<workbook xmlns="${ns}" xmlns:r="${rel}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    'xl/worksheets/sheet1.xml': sheet,
    ...more,
  };
}

/** The zip bomb: a sheet of a header row and `mb` megabytes of `<row r="3"/>`, declaring 1,000 bytes unpacked in both headers. */
export function zipBomb(mb = 600): Buffer {
  const head = '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Last Name</t></is></c></row>';
  return zip(workbookParts(deflatedRepeat(head, '<row r="3"/>', mb * 1024 * 1024, '</sheetData></worksheet>')), 1000);
}
