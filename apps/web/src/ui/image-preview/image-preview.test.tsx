import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/test-utils.tsx';
import { ImagePreview } from './image-preview.tsx';

const images = ['a', 'b', 'c', 'd'].map((name, i) => ({ src: `https://media.padhub.test/${name}.jpg`, alt: `Image ${i + 1} of 4` }));

async function open(startIndex = 0, onClose = vi.fn()) {
  const view = await renderPage(<ImagePreview images={images} startIndex={startIndex} onClose={onClose} />);
  return { ...view, onClose, dialog: screen.getByRole('dialog', { name: 'Image preview' }) };
}

const counter = () => document.querySelector('.image-preview-counter')?.textContent;

describe('ImagePreview', () => {
  it('opens as a modal on the chosen image, says where it is, and holds the focus', async () => {
    const { dialog } = await open(1);
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(counter()).toBe('2 / 4');
    expect(document.activeElement).toBe(dialog);
    // The page behind does not scroll while the preview is open.
    expect(document.documentElement.style.overflow).toBe('hidden');
    // Only the image shown and its neighbours load.
    expect([...dialog.querySelectorAll('img')].map((img) => img.getAttribute('alt'))).toEqual(['Image 1 of 4', 'Image 2 of 4', 'Image 3 of 4']);
  });

  it('goes from image to image with its buttons and the arrow keys, and no further than the ends', async () => {
    const { dialog } = await open(0);
    const previous = screen.getByRole('button', { name: 'Previous image' });
    expect(previous.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(previous);
    expect(counter()).toBe('1 / 4');
    fireEvent.click(screen.getByRole('button', { name: 'Next image' }));
    expect(counter()).toBe('2 / 4');
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(counter()).toBe('4 / 4');
    expect(screen.getByRole('button', { name: 'Next image' }).getAttribute('aria-disabled')).toBe('true');
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' });
    expect(counter()).toBe('3 / 4');
  });

  it('asks to close with its button and with Escape', async () => {
    const { dialog, onClose } = await open();
    fireEvent.click(screen.getByRole('button', { name: 'Close preview' }));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('keeps Tab among its own controls', async () => {
    const { dialog } = await open(1);
    const close = screen.getByRole('button', { name: 'Close preview' });
    const next = screen.getByRole('button', { name: 'Next image' });
    next.focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(next);
  });

  it('gives the focus and the scrolling back when it closes', async () => {
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    const { unmount } = await open();
    expect(document.activeElement).not.toBe(opener);
    unmount();
    expect(document.activeElement).toBe(opener);
    expect(document.documentElement.style.overflow).toBe('');
    opener.remove();
  });

  it('shows a single image without the buttons to move', async () => {
    await renderPage(<ImagePreview images={images.slice(0, 1)} startIndex={0} onClose={() => undefined} />);
    expect(counter()).toBe('1 / 1');
    expect(screen.queryByRole('button', { name: 'Next image' })).toBeNull();
  });
});
