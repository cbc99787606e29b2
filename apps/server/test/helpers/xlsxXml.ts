import { openWorkbookArchive } from '../../src/lib/xlsxReader/archive';

/** An xlsx as the XML Excel reads: each part's text by name. */
export async function xlsxParts(bytes: Buffer): Promise<Record<string, string>> {
  const archive = await openWorkbookArchive(bytes);
  try {
    const parts: Record<string, string> = {};
    for (const name of archive.names()) {
      const chunks: Buffer[] = [];
      for await (const chunk of archive.part(name)!) chunks.push(chunk as Buffer);
      parts[name] = Buffer.concat(chunks).toString('utf8');
    }
    return parts;
  } finally {
    archive.close();
  }
}

/** A cell as written (`B2` of the first sheet by default): its text, and the attributes of its cell style (styles.xml's `xf`). */
export function writtenCell(parts: Record<string, string>, ref: string, sheet = 1): { text: string; style: string } {
  const xml = parts[`xl/worksheets/sheet${sheet}.xml`]!;
  const cell = new RegExp(`<c r="${ref}"([^>]*)>(.*?)</c>`).exec(xml);
  if (!cell) throw new Error(`no cell ${ref}`);
  const style = Number(/ s="(\d+)"/.exec(cell[1]!)?.[1] ?? 0);
  const xfs = /<cellXfs[^>]*>(.*?)<\/cellXfs>/.exec(parts['xl/styles.xml']!)![1]!.match(/<xf [^>]*>/g)!;
  const text = /<t[^>]*>(.*?)<\/t>/.exec(cell[2]!)?.[1] ?? /<v>(.*?)<\/v>/.exec(cell[2]!)?.[1] ?? '';
  const unescaped = text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
  return { text: unescaped, style: xfs[style]! };
}
