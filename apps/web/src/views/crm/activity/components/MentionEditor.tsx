import { BoldOutlined, ItalicOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { lookupUsers } from '../../../../api/crm';
import LoadMoreSelect, { type LoadMorePage } from '../../../../components/LoadMoreSelect';
import '../../../system/notice/components/noticeEditor.css';

type Props = {
  value?: string;
  onChange?: (html: string) => void;
  /** The users mentioned so far (each gets a notice in the bell when the activity is saved). */
  onMention: (user: { id: number; name: string }) => void;
  label: string;
};

const COMMANDS: Array<[string, string, ReactNode]> = [
  ['bold', 'notice.editor.bold', <BoldOutlined key="b" />],
  ['italic', 'notice.editor.italic', <ItalicOutlined key="i" />],
  ['insertUnorderedList', 'notice.editor.bulletList', <UnorderedListOutlined key="ul" />],
];

/** A page of active users for the picker (the owner pickers' endpoint). */
async function usersPage({ pageNum, pageSize, keyword }: { pageNum: number; pageSize: number; keyword: string }): Promise<LoadMorePage> {
  const page = await lookupUsers({ q: keyword.trim() || undefined, pageNum, pageSize });
  return { options: page.rows.map((o) => ({ value: o.id, label: o.label })), total: page.total ?? page.rows.length };
}

const htmlOf = (element: HTMLElement) => (element.textContent?.trim() || element.querySelector('li') ? element.innerHTML : '');

/**
 * An activity's note: rich text in place (the browser's contentEditable, as the notice editor; the
 * server cleans it with the notice sanitiser), where typing `@` opens a user picker and the picked
 * user's name is written after the `@` and reported through `onMention`.
 */
export default function MentionEditor({ value = '', onChange, onMention, label }: Props) {
  const { t } = useTranslation();
  const editor = useRef<HTMLDivElement>(null);
  /** Where the `@` was typed, to write the name there once picked. */
  const caret = useRef<Range | null>(null);
  const [picking, setPicking] = useState(false);

  useEffect(() => {
    const element = editor.current;
    if (element && htmlOf(element) !== value) element.innerHTML = value;
  }, [value]);

  const report = () => editor.current && onChange?.(htmlOf(editor.current));
  const handleCommand = (command: string) => {
    editor.current?.focus();
    document.execCommand(command);
    report();
  };
  const handleKeyUp = (event: React.KeyboardEvent) => {
    if (event.key !== '@') return;
    const selection = window.getSelection();
    caret.current = selection && selection.rangeCount ? selection.getRangeAt(0).cloneRange() : null;
    setPicking(true);
  };
  const pick = (id: number, name: string) => {
    setPicking(false);
    editor.current?.focus();
    const selection = window.getSelection();
    if (caret.current && selection) {
      selection.removeAllRanges();
      selection.addRange(caret.current);
    }
    document.execCommand('insertText', false, `${name} `);
    report();
    onMention({ id, name });
  };

  return (
    <div className="notice-editor">
      <Space.Compact className="notice-editor-toolbar">
        {COMMANDS.map(([command, name, icon]) => (
          <Tooltip key={command} title={t(name)}>
            <Button size="small" icon={icon} aria-label={t(name)} onMouseDown={(e) => e.preventDefault()} onClick={() => handleCommand(command)} />
          </Tooltip>
        ))}
        <Tooltip title={t('crm.activity.mentionHint')}>
          <Button size="small" onMouseDown={(e) => e.preventDefault()} onClick={() => setPicking(true)} aria-label={t('crm.activity.mention')}>
            @
          </Button>
        </Tooltip>
      </Space.Compact>
      <div
        ref={editor}
        className="notice-content notice-editor-text"
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-label={label}
        data-testid="activity-note-editor"
        onInput={report}
        onBlur={report}
        onKeyUp={handleKeyUp}
        onPaste={(event) => {
          event.preventDefault();
          document.execCommand('insertText', false, event.clipboardData.getData('text/plain'));
        }}
      />
      {picking && (
        <div data-testid="mention-picker" style={{ marginTop: 4 }}>
          <LoadMoreSelect
            autoFocus
            defaultOpen
            labelInValue
            value={undefined}
            placeholder={t('crm.activity.mentionHint')}
            style={{ width: 240 }}
            fetchPage={usersPage}
            onChange={(option: { value: number; label: ReactNode } | undefined) => option && pick(option.value, String(option.label))}
          />
          <Button size="small" type="link" onClick={() => setPicking(false)}>
            {t('common.cancel')}
          </Button>
        </div>
      )}
    </div>
  );
}
