import type { FormInstance } from 'antd';
import { RequestError } from '../../api/request';

/**
 * Puts a refused write's field errors (`{ errors: { field: message } }`) on the form's fields; a
 * nested field is named by its dotted path ("opportunity.stage" is the form's ['opportunity', 'stage']).
 * Returns the message to show otherwise (or '' when the request client has already shown it).
 */
export function applyServerErrors(form: FormInstance, error: unknown): string {
  if (!(error instanceof RequestError)) return '';
  const fields = Object.entries(error.errors ?? {});
  const known = new Map(form.getFieldsError().map((f) => [f.name.join('.'), f.name]));
  const onForm = fields.filter(([name]) => known.has(name));
  if (onForm.length) form.setFields(onForm.map(([name, message]) => ({ name: known.get(name)!, errors: [message] })));
  // The client already toasts 500 and 403; anything else not placed on a field is returned.
  if (error.code === 500 || error.code === 403 || error.code === 0) return '';
  if (onForm.length === fields.length && fields.length > 0) return '';
  return error.message;
}
