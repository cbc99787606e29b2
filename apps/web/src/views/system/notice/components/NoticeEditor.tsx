import { BoldOutlined, ClearOutlined, ItalicOutlined, OrderedListOutlined, StrikethroughOutlined, UnderlineOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './noticeEditor.css';

type Props = { value?: string; onChange?: (html: string) => void; label: string };

/** The toolbar's commands (the browser's own editing commands): [command, its name's key, icon]. */
const COMMANDS: Array<[string, string, ReactNode]> = [
  ['bold', 'notice.editor.bold', <BoldOutlined key="b" />],
  ['italic', 'notice.editor.italic', <ItalicOutlined key="i" />],
  ['underline', 'notice.editor.underline', <UnderlineOutlined key="u" />],
  ['strikeThrough', 'notice.editor.strike', <StrikethroughOutlined key="s" />],
  ['insertUnorderedList', 'notice.editor.bulletList', <UnorderedListOutlined key="ul" />],
  ['insertOrderedList', 'notice.editor.numberedList', <OrderedListOutlined key="ol" />],
  ['removeFormat', 'notice.editor.clear', <ClearOutlined key="x" />],
];

/** What the editor holds, as the notice's HTML: nothing when it holds no text and no list. */
function htmlOf(element: HTMLElement): string {
  return element.textContent?.trim() || element.querySelector('li') ? element.innerHTML : '';
}

/**
 * A notice's content, edited as HTML in place: the formatting it has — RuoYi's editor's (Quill)
 * alignment, colours, lists, links — stays as it is wherever it is not edited, and the toolbar adds
 * bold, italic, underline, strike-through and lists. The HTML shown is the server's, which it
 * cleaned when it was stored (noticeContent.ts); what is saved is cleaned again. No editor library:
 * the browser's contentEditable, on this page only. Pasted text arrives as plain text.
 */
export default function NoticeEditor({ value = '', onChange, label }: Props) {
  const { t } = useTranslation();
  const editor = useRef<HTMLDivElement>(null);

  // The form's value is written in only when it differs from what is shown (loading a notice,
  // resetting the form), never while typing, which would move the caret.
  useEffect(() => {
    const element = editor.current;
    if (element && htmlOf(element) !== value) element.innerHTML = value;
  }, [value]);

  const handleInput = () => {
    if (editor.current) onChange?.(htmlOf(editor.current));
  };
  const handleCommand = (command: string) => {
    editor.current?.focus();
    document.execCommand('defaultParagraphSeparator', false, 'p');
    document.execCommand(command);
    handleInput();
  };
  const handlePaste = (event: React.ClipboardEvent) => {
    event.preventDefault();
    document.execCommand('insertText', false, event.clipboardData.getData('text/plain'));
  };

  return (
    <div className="notice-editor">
      <Space.Compact className="notice-editor-toolbar">
        {COMMANDS.map(([command, name, icon]) => (
          <Tooltip key={command} title={t(name)}>
            {/* mousedown would take the focus, and the selection with it, from the text */}
            <Button size="small" icon={icon} aria-label={t(name)} onMouseDown={(e) => e.preventDefault()} onClick={() => handleCommand(command)} />
          </Tooltip>
        ))}
      </Space.Compact>
      <div
        ref={editor}
        className="notice-content notice-editor-text"
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-label={label}
        data-testid="notice-editor"
        onInput={handleInput}
        onBlur={handleInput}
        onPaste={handlePaste}
        onFocus={() => document.execCommand('defaultParagraphSeparator', false, 'p')}
      />
    </div>
  );
}
