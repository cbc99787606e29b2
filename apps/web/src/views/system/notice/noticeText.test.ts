import { describe, expect, it } from 'vitest';
import { hasRichFormatting, noticeHtmlToText, textToNoticeHtml } from './noticeText';

describe('notice text ⇄ HTML', () => {
  it('writes each line as a paragraph, escaped', () => {
    expect(textToNoticeHtml('Office closed\n\nBack on <Monday> & "Tuesday"')).toBe('<p>Office closed</p><p><br></p><p>Back on &lt;Monday&gt; &amp; &quot;Tuesday&quot;</p>');
    expect(textToNoticeHtml('  ')).toBe('');
  });

  it('reads paragraphs and breaks back as lines, entities decoded, tags gone', () => {
    expect(noticeHtmlToText('<p>Office closed</p><p><br></p><p>Back on &lt;Monday&gt; &amp; more</p>')).toBe('Office closed\n\nBack on <Monday> & more');
    expect(noticeHtmlToText('<p>One<br/>Two <strong>bold</strong></p>')).toBe('One\nTwo bold');
    expect(noticeHtmlToText(textToNoticeHtml('a\nb'))).toBe('a\nb');
  });

  it('tells rich formatting from plain paragraphs', () => {
    expect(hasRichFormatting('<p>a</p><p><br></p>')).toBe(false);
    expect(hasRichFormatting('<p>a <strong>b</strong></p>')).toBe(true);
    expect(hasRichFormatting('<ul><li>x</li></ul>')).toBe(true);
  });
});
