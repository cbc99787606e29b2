/**
 * A notice's content is HTML (RuoYi's editor writes it, and the server keeps only formatting).
 * Orbit's dialog edits it as plain text: each line a paragraph. These convert between the two.
 */
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function textToNoticeHtml(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').trim().split('\n');
  if (lines.length === 1 && !lines[0]) return '';
  return lines.map((line) => (line.trim() ? `<p>${line.replace(/[&<>"']/g, (c) => ESCAPES[c]!)}</p>` : '<p><br></p>')).join('');
}

export function noticeHtmlToText(html: string): string {
  const body = new DOMParser().parseFromString(html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|div|li|h[1-6]|blockquote|pre)>/gi, '$&\n'), 'text/html').body;
  return (body.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
}

/** True when the HTML holds more than paragraphs and line breaks (editing it as text would drop that formatting). */
export function hasRichFormatting(html: string): boolean {
  return /<(?!\/?(p|br)\b)[a-z]/i.test(html);
}
