import { BoldOutlined, ClearOutlined, ItalicOutlined, OrderedListOutlined, StrikethroughOutlined, UnderlineOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import './richTextEditor.css';

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
/** A note's shorter toolbar: bold, italic, bullets. */
const SHORT = new Set(['bold', 'italic', 'insertUnorderedList']);

/** What the editor holds, as HTML: nothing when it holds no text and no list. */
export function htmlOf(element: HTMLElement): string {
  return element.textContent?.trim() || element.querySelector('li') ? element.innerHTML : '';
}

type Props = {
  value?: string;
  onChange?: (html: string) => void;
  /** The text box's accessible name. */
  label: string;
  /** The whole toolbar (a notice) or bold, italic and bullets (a note, a rich-text field). */
  tools?: 'full' | 'short';
  /** Buttons after the toolbar's own (the note's `@`). */
  extraTools?: ReactNode;
  /** Below the text (the note's user picker). */
  children?: ReactNode;
  onKeyUp?: (event: React.KeyboardEvent) => void;
  /** The editable element, for a caller that writes into it (a mention). */
  editorRef?: RefObject<HTMLDivElement | null>;
  testId?: string;
  autoFocus?: boolean;
};

/**
 * Rich text edited in place — notices, activity notes, rich-text fields: the browser's
 * contentEditable, no editor library. The HTML shown is the server's, which it cleaned when it was
 * stored (the notice sanitiser); what is saved is cleaned again. Formatting it already has (RuoYi's
 * Quill alignment, colours, links) stays wherever it is not edited; the toolbar adds bold, italic,
 * underline, strike-through and lists. Pasted text arrives as plain text.
 */
export default function RichTextEditor({ value = '', onChange, label, tools = 'full', extraTools, children, onKeyUp, editorRef, testId, autoFocus }: Props) {
  const { t } = useTranslation();
  const own = useRef<HTMLDivElement>(null);
  const editor = editorRef ?? own;

  // The form's value is written in only when it differs from what is shown (loading a record,
  // resetting the form), never while typing, which would move the caret.
  useEffect(() => {
    const element = editor.current;
    if (element && htmlOf(element) !== value) element.innerHTML = value;
  }, [value, editor]);
  useEffect(() => {
    if (autoFocus) editor.current?.focus();
  }, [autoFocus, editor]);

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
    <div className={tools === 'short' ? 'rich-text-editor rich-text-editor-short' : 'rich-text-editor'}>
      <Space.Compact className="rich-text-editor-toolbar">
        {COMMANDS.filter(([command]) => tools === 'full' || SHORT.has(command)).map(([command, name, icon]) => (
          <Tooltip key={command} title={t(name)}>
            {/* mousedown would take the focus, and the selection with it, from the text */}
            <Button size="small" icon={icon} aria-label={t(name)} onMouseDown={(e) => e.preventDefault()} onClick={() => handleCommand(command)} />
          </Tooltip>
        ))}
        {extraTools}
      </Space.Compact>
      <div
        ref={editor}
        className="notice-content rich-text-editor-text"
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-label={label}
        data-testid={testId}
        onInput={handleInput}
        onBlur={handleInput}
        onKeyUp={onKeyUp}
        onPaste={handlePaste}
        onFocus={() => document.execCommand('defaultParagraphSeparator', false, 'p')}
      />
      {children}
    </div>
  );
}
