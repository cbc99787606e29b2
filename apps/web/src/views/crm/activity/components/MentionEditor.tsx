import { Button, Tooltip } from 'antd';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { lookupUsers } from '../../../../api/crm';
import LoadMoreSelect, { type LoadMorePage } from '../../../../components/LoadMoreSelect';
import RichTextEditor, { htmlOf } from '../../../../components/richText/RichTextEditor';

type Props = {
  value?: string;
  onChange?: (html: string) => void;
  /** The users mentioned so far (each gets a notice in the bell when the activity is saved). */
  onMention: (user: { id: number; name: string }) => void;
  label: string;
};

/** A page of active users for the picker (the owner pickers' endpoint). */
async function usersPage({ pageNum, pageSize, keyword }: { pageNum: number; pageSize: number; keyword: string }): Promise<LoadMorePage> {
  const page = await lookupUsers({ q: keyword.trim() || undefined, pageNum, pageSize });
  return { options: page.rows.map((o) => ({ value: o.id, label: o.label })), total: page.total ?? page.rows.length };
}

/**
 * An activity's note: the shared rich-text editor with the short toolbar, where typing `@` opens a
 * user picker and the picked user's name is written after the `@` and reported through `onMention`.
 */
export default function MentionEditor({ value = '', onChange, onMention, label }: Props) {
  const { t } = useTranslation();
  const editor = useRef<HTMLDivElement>(null);
  /** Where the `@` was typed, to write the name there once picked. */
  const caret = useRef<Range | null>(null);
  const [picking, setPicking] = useState(false);

  const report = () => editor.current && onChange?.(htmlOf(editor.current));
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
    <RichTextEditor
      value={value}
      onChange={onChange}
      label={label}
      tools="short"
      editorRef={editor}
      onKeyUp={handleKeyUp}
      testId="activity-note-editor"
      extraTools={
        <Tooltip title={t('crm.activity.mentionHint')}>
          <Button size="small" onMouseDown={(e) => e.preventDefault()} onClick={() => setPicking(true)} aria-label={t('crm.activity.mention')}>
            @
          </Button>
        </Tooltip>
      }
    >
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
    </RichTextEditor>
  );
}
