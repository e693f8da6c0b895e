import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anOrganisation, answerApi, renderPage } from '@/test-utils.tsx';
import { FeedFilters } from './feed-filters.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('FeedFilters', () => {
  it('shows the order and the model chosen, and changes one without losing the others', async () => {
    answerApi({ 'GET /organisation': anOrganisation });
    const onChange = vi.fn();
    await renderPage(<FeedFilters filter={{ sort: 'new', model: 'lite' }} onChange={onChange} />);
    const model = await screen.findByRole('button', { name: 'Padhub Elite X' });
    expect(screen.getByRole('button', { name: 'Newest' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Padhub Lite' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'All models' }).getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Popular' }));
    expect(onChange).toHaveBeenLastCalledWith({ sort: 'popular', model: 'lite' });
    fireEvent.click(model);
    expect(onChange).toHaveBeenLastCalledWith({ sort: 'new', model: 'elite-x' });
    fireEvent.click(screen.getByRole('button', { name: 'All models' }));
    expect(onChange).toHaveBeenLastCalledWith({ sort: 'new', model: undefined });
    fireEvent.click(screen.getByRole('button', { name: 'With configurations' }));
    expect(onChange).toHaveBeenLastCalledWith({ sort: 'new', model: 'lite', hasConfigs: true });
    fireEvent.click(screen.getByRole('switch', { name: 'All languages' }));
    expect(onChange).toHaveBeenLastCalledWith({ sort: 'new', model: 'lite', lang: 'all' });
  });

  it('opens the configuration hub beside the orders, and offers "With configurations" before the strip of models', async () => {
    answerApi({ 'GET /organisation': anOrganisation });
    await renderPage(<FeedFilters filter={{ sort: 'new' }} onChange={vi.fn()} />);
    await screen.findByRole('button', { name: 'Padhub Elite X' });
    expect(screen.getByRole('link', { name: 'Configurations' }).getAttribute('href')).toBe('/configs');
    // Not inside the strip that scrolls sideways.
    const strip = screen.getByRole('group', { name: 'Controller model' });
    expect(strip.contains(screen.getByRole('button', { name: 'With configurations' }))).toBe(false);
  });
});
