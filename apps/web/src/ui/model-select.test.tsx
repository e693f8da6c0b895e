import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ModelSelect } from './model-select.tsx';

const models = [
  { id: 'pro-2', name: 'Pro 2' },
  { id: 'lite', name: 'Lite' },
];

describe('the model list box', () => {
  it('offers the first choice and then the models, under its label, and answers null for the first choice', () => {
    const onChange = vi.fn();
    const { rerender } = render(<ModelSelect label="Controller" emptyLabel="All models" models={models} value={null} onChange={onChange} />);
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Controller' });
    expect([...select.options].map((o) => o.textContent)).toEqual(['All models', 'Pro 2', 'Lite']);
    expect(select.value).toBe('');
    fireEvent.change(select, { target: { value: 'lite' } });
    expect(onChange).toHaveBeenLastCalledWith('lite');
    rerender(<ModelSelect label="Controller" emptyLabel="All models" models={models} value="lite" onChange={onChange} />);
    expect(select.value).toBe('lite');
    fireEvent.change(select, { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith(null);
    rerender(<ModelSelect label="Controller" emptyLabel="All models" models={models} value="lite" onChange={onChange} disabled />);
    expect(select.disabled).toBe(true);
  });
});
