import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DictValue } from '@orbit/shared/contract/dict';
import DictTag from './DictTag';

const options = [
  { dictValue: '0', dictLabel: 'Normal', listClass: 'primary', cssClass: '' },
  { dictValue: '1', dictLabel: 'Disabled', listClass: 'danger', cssClass: '' },
  { dictValue: 'web', dictLabel: 'Web', listClass: 'default', cssClass: '' },
] as DictValue[];

describe('DictTag', () => {
  it('draws a value with a list class as a coloured tag', () => {
    const { container } = render(<DictTag options={options} value="1" />);
    expect(screen.getByText('Disabled')).toBeTruthy();
    expect(container.querySelector('.ant-tag-error')).not.toBeNull();
  });

  it('draws a default value as plain text, numbers and lists too', () => {
    const { container } = render(<DictTag options={options} value={['web', 0]} />);
    expect(screen.getByText('Web')).toBeTruthy();
    expect(screen.getByText('Normal')).toBeTruthy();
    expect(container.querySelectorAll('.ant-tag')).toHaveLength(1);
  });

  it('shows an unknown value as it is, and nothing for an empty one', () => {
    render(<DictTag options={options} value="x" />);
    expect(screen.getByText('x')).toBeTruthy();
    const { container } = render(<DictTag options={options} value="" />);
    expect(container.innerHTML).toBe('');
  });

  it('shows a placeholder while its dictionary loads, never the code', () => {
    render(<DictTag options={undefined} value="not_started" />);
    expect(screen.getByTestId('dict-loading').getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByText('not_started')).toBeNull();
  });
});
