import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorCatalogue } from '@padhub/contracts';
import { ApiError } from '@/platform/api/client.ts';
import { renderPage } from '@/test-utils.tsx';
import { SendFailure } from './send-failure.tsx';

const refused = (key: keyof typeof errorCatalogue, data?: unknown) => new ApiError({ code: errorCatalogue[key].code, message: key, data }, errorCatalogue[key].status);

describe('SendFailure', () => {
  it('announces the spec’s failure message, with the network text when there was no answer', async () => {
    const onRetry = vi.fn();
    await renderPage(<SendFailure error={null} inDoubt={false} onRetry={onRetry} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Post failed to send');
    expect(alert.textContent).toContain('The network is abnormal');
    expect(alert.textContent).not.toContain('sending again will not post it twice');
    fireEvent.click(screen.getByRole('button', { name: 'Click to retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('gives the server’s reason instead of the network text when the post was refused', async () => {
    await renderPage(<SendFailure error={refused('validation_failed')} inDoubt={false} onRetry={() => undefined} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Some of what you entered is not valid.');
    expect(alert.textContent).not.toContain('The network is abnormal');
    expect(alert.textContent).not.toContain('Your draft stays on this device');
  });

  it('reassures that a retry cannot post twice when the post may have arrived', async () => {
    await renderPage(<SendFailure error={null} inDoubt onRetry={() => undefined} />);
    expect(screen.getByRole('alert').textContent).toContain('If it reached the server, sending again will not post it twice.');
  });

  it('says the draft is kept, and when to try again, when the person must wait', async () => {
    const { unmount } = await renderPage(<SendFailure error={refused('rate_limited', { retryAfter: 120 })} inDoubt={false} onRetry={() => undefined} />);
    let alert = screen.getByRole('alert').textContent;
    expect(alert).toContain('You can try again in 2 minutes.');
    expect(alert).toContain('Your draft stays on this device until you send it.');
    unmount();
    await renderPage(<SendFailure error={refused('upload_quota_exceeded')} inDoubt={false} onRetry={() => undefined} />);
    alert = screen.getByRole('alert').textContent;
    expect(alert).toContain('You have uploaded as much as you can today.');
    expect(alert).toContain('Your draft stays on this device until you send it.');
  });
});
