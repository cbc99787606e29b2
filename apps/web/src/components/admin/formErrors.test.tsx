import { Form } from 'antd';
import { createElement } from 'react';
import { render, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RequestError } from '../../api/request';
import { applyServerErrors } from './formErrors';

function renderForm() {
  const { result } = renderHook(() => Form.useForm());
  const form = result.current[0];
  render(
    createElement(Form, { form }, [
      createElement(Form.Item, { key: 'a', name: 'userName' }, createElement('input')),
      createElement(Form.Item, { key: 'b', name: 'email' }, createElement('input')),
      createElement(Form.Item, { key: 'c', name: ['opportunity', 'stage'] }, createElement('input')),
    ]),
  );
  return form;
}

describe('applyServerErrors', () => {
  it('puts field errors on the fields and returns nothing more to show', () => {
    const form = renderForm();
    const text = applyServerErrors(form, new RequestError('Invalid', 400, { userName: 'User name sam is taken' }));
    expect(form.getFieldError('userName')).toEqual(['User name sam is taken']);
    expect(text).toBe('');
  });

  it('finds a nested field by its dotted path', () => {
    const form = renderForm();
    const text = applyServerErrors(form, new RequestError('Stage has an invalid value', 400, { 'opportunity.stage': 'Stage has an invalid value' }));
    expect(form.getFieldError(['opportunity', 'stage'])).toEqual(['Stage has an invalid value']);
    expect(text).toBe('');
  });

  it('returns the message when an error names no field of the form', () => {
    const form = renderForm();
    expect(applyServerErrors(form, new RequestError('Cannot delete the super administrator', 400))).toBe('Cannot delete the super administrator');
    expect(applyServerErrors(form, new RequestError('Bad', 400, { roleIds: 'not yours' }))).toBe('Bad');
  });

  it('stays silent for what the request client already showed', () => {
    const form = renderForm();
    expect(applyServerErrors(form, new RequestError('boom', 500))).toBe('');
    expect(applyServerErrors(form, new Error('x'))).toBe('');
  });
});
