import { Form, Skeleton, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import AdminFieldItems from './AdminFieldItems';
import type { AdminField } from './adminFields';
import DialogForm from './DialogForm';
import FormDialog from './FormDialog';
import LoadError from './LoadError';
import { useFormSubmit } from './useFormSubmit';

/** What a dialog edits and how it saves; the page computes it as it renders. */
export type AdminFormDescription<V> = {
  /** Translation key of the title (the page picks "add" or "edit"). */
  title: string;
  fields: AdminField<V>[];
  /** The values the form starts from (a row as the list sent it may carry its fields' values loosely typed). */
  initialValues: { [K in keyof V]?: unknown };
  /** The save call; what it refuses with field errors is put back on the fields. */
  save: (values: V) => Promise<unknown>;
};

type Props<V> = {
  open: boolean;
  description: AdminFormDescription<V>;
  onClose: () => void;
  /** After a save, before the dialog closes: the page refreshes its list. */
  onSaved: () => void;
  /** The page's own form instance, when it watches a value (the menu's type decides its fields). */
  form?: FormInstance<V>;
  width?: number;
  /** The form's name, which prefixes the inputs' ids (`user_nickName`). */
  name?: string;
  testId?: string;
  /** Labels beside the inputs instead of above them. */
  horizontal?: boolean;
  /**
   * What the form starts from (the record being edited): a skeleton until it is there, the error
   * state with a retry if it fails; OK stays disabled meanwhile.
   */
  loads?: { data: unknown; isError: boolean; refetch: () => unknown };
  /** OK disabled though the form shows (saving would lose what has not loaded yet). */
  okDisabled?: boolean;
  /** A note above the fields. */
  intro?: ReactNode;
};

/**
 * A create/edit dialog of an administration page built from a description of its fields (see
 * `AdminField`): values cleared between openings, each field checked by its schema from the shared
 * contract, the server's field errors put back on the fields, and the dialog closed after a save.
 * What a page decides on its own — its initial values, its save call, which fields a choice
 * hides — it computes and passes in.
 */
export default function AdminFormDialog<V>(props: Props<V>) {
  const { open, description, onClose, onSaved, loads, okDisabled, horizontal } = props;
  const { title, fields, initialValues, save } = description;
  const { t } = useTranslation();
  const [form] = Form.useForm<V>(props.form);
  const { saving, submit } = useFormSubmit(form, save, () => {
    onSaved();
    onClose();
  });
  const waiting = !!loads && !loads.data;

  const body = loads?.isError ? (
    <LoadError onRetry={() => void loads.refetch()} />
  ) : waiting ? (
    <Skeleton active />
  ) : (
    <DialogForm
      form={form}
      name={props.name}
      layout={horizontal ? 'horizontal' : 'vertical'}
      labelCol={horizontal ? { span: 5 } : undefined}
      initialValues={initialValues}
      data-testid={props.testId}
    >
      {props.intro}
      <AdminFieldItems fields={fields} />
    </DialogForm>
  );

  return (
    <FormDialog
      open={open}
      title={t(title)}
      width={props.width}
      onSubmit={() => void submit()}
      onClose={onClose}
      saving={saving}
      okButtonProps={waiting || okDisabled ? { disabled: true } : undefined}
    >
      {body}
    </FormDialog>
  );
}
