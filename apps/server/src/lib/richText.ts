import sanitizeHtml from 'sanitize-html';

/**
 * Rich text — a notice's content (RuoYi's editor writes it, and RuoYi's clients show it as HTML), an
 * activity's note, any rich-text field — is HTML, so it is cleaned before it is stored: the formatting an editor produces is kept, anything that could run
 * (scripts, event attributes, `javascript:` links, styles beyond colour and alignment, frames,
 * forms, images from elsewhere) goes. What is stored is safe to show as HTML in any client.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'sub', 'sup', 'ol', 'ul', 'li', 'a', 'h1', 'h2', 'h3', 'h4', 'blockquote', 'pre', 'code', 'span', 'div', 'hr'],
  allowedAttributes: { a: ['href', 'target', 'rel'], li: ['data-list'], '*': ['class', 'style'] },
  allowedClasses: { '*': [/^ql-[a-z0-9-]+$/] },
  allowedStyles: {
    '*': {
      color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i],
      'background-color': [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i],
      'text-align': [/^(left|right|center|justify)$/],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  // A link opens in a new tab without giving the page it opens a handle on this one.
  transformTags: { a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }) },
};

export function cleanRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Rich text as a spreadsheet cell reads it: the words, a line per paragraph or list item, no markup. */
export function richTextAsPlain(html: string): string {
  const lines = html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|div|li|h[1-4]|blockquote|pre)>/gi, '\n');
  const text = sanitizeHtml(lines, { allowedTags: [], allowedAttributes: {} });
  // sanitize-html leaves entities encoded; the few an editor writes are decoded.
  const decoded = text.replace(/&nbsp;|\u00a0/g, ' ').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
  return decoded.split('\n').map((line) => line.trim()).filter(Boolean).join('\n');
}
