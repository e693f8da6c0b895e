import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Organisation } from '@padhub/contracts';
import { answerApi, renderPage, anOrganisation } from '@/test-utils.tsx';
import { type PictureDraft, PictureField } from './picture-field.tsx';

const organisation: Organisation = { ...anOrganisation, currency: 'USD', models: [], mediaBaseUrl: 'https://media.padhub.test' };
const pictures: PictureDraft[] = [{ path: 'goods/front.jpg', thumb: 'goods/front-thumb.jpg' }, { path: 'u/padhub/7/goods/new.png' }];

beforeEach(() => answerApi({ 'GET /organisation': organisation }));
afterEach(() => vi.unstubAllGlobals());

describe('PictureField', () => {
  it('shows the pictures in order, by their thumbnail when they have one', async () => {
    await renderPage(<PictureField value={pictures} onChange={() => undefined} max={8} />);
    const images = screen.getAllByRole('img');
    expect(images.map((i) => i.getAttribute('alt'))).toEqual(['Picture 1 of 2', 'Picture 2 of 2']);
    await waitFor(() => expect(images[0]!.getAttribute('src')).toBe('https://media.padhub.test/goods/front-thumb.jpg'));
    expect(images[1]!.getAttribute('src')).toBe('https://media.padhub.test/u/padhub/7/goods/new.png');
  });

  it('moves a picture forward and removes one', async () => {
    const onChange = vi.fn();
    await renderPage(<PictureField value={pictures} onChange={onChange} max={8} />);
    expect(screen.queryByRole('button', { name: 'Move up: Picture 1 of 2' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Move up: Picture 2 of 2' }));
    expect(onChange).toHaveBeenLastCalledWith([pictures[1], pictures[0]]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove: Picture 1 of 2' }));
    expect(onChange).toHaveBeenLastCalledWith([pictures[1]]);
  });

  it('offers to add pictures only below the limit', async () => {
    const { unmount } = await renderPage(<PictureField value={pictures} onChange={() => undefined} max={3} />);
    expect(screen.getByLabelText('Add pictures')).toBeTruthy();
    unmount();
    await renderPage(<PictureField value={pictures} onChange={() => undefined} max={2} />);
    expect(screen.queryByLabelText('Add pictures')).toBeNull();
  });
});
