import type { FieldTypeView, InputProps } from './fieldTypeView';
import { lazyInput } from './lazyInput';
import { TextFilterInput } from './text';

const RichTextInput = lazyInput<InputProps>(() => import('./RichTextInput'));

/**
 * Rich text (an activity's notes): shown as the HTML the server stored — cleaned by its sanitiser
 * on every write, so safe to draw —, clamped to a few lines in a list cell (crm.css); typed in the
 * shared rich-text editor, whose code loads with the first form that shows one.
 */
export const richtextView: FieldTypeView = {
  Display: ({ value }) => (typeof value === 'string' && value ? <div className="notice-content crm-richtext" dangerouslySetInnerHTML={{ __html: value }} /> : null),
  Input: RichTextInput,
  FilterInput: TextFilterInput,
  columnWidth: 160,
  // As long text: several lines do not fit a list's row, so it is edited on the record's page.
  gridEditable: false,
};
