import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/test-utils.tsx';
import { setNetwork } from '@/test-network.ts';
import { ComposerFrame } from './composer-frame.tsx';

describe('ComposerFrame with no network', () => {
  it('says on its button why it cannot send, keeps what is written, and sends again once online', async () => {
    const onSubmit = vi.fn();
    await renderPage(
      <ComposerFrame id="add-post-form" title="New post" submitLabel="Post" canSubmit onSubmit={onSubmit}>
        <textarea aria-label="Text of the post" defaultValue="My grip mod" />
      </ComposerFrame>,
    );
    await setNetwork(false);
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Offline' });
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-describedby')).toBe('add-post-form-offline');
    expect(document.getElementById('add-post-form-offline')?.textContent).toBe("You're offline, so this cannot be sent now. It is kept on this phone: send it once you're back online.");
    fireEvent.submit(screen.getByRole('textbox').closest('form')!);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole<HTMLTextAreaElement>('textbox').value).toBe('My grip mod');

    await setNetwork(true);
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(onSubmit).toHaveBeenCalledOnce();
  });
});
