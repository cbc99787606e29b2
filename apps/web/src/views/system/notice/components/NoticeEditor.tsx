import RichTextEditor from '../../../../components/richText/RichTextEditor';

type Props = { value?: string; onChange?: (html: string) => void; label: string };

/** A notice's content: the shared rich-text editor with its whole toolbar (the server cleans what is saved, noticeContent.ts). */
export default function NoticeEditor({ value, onChange, label }: Props) {
  return <RichTextEditor value={value} onChange={onChange} label={label} testId="notice-editor" />;
}
