import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, renderPage } from '@/test-utils.tsx';
import { ActionBar } from './action-bar.tsx';

afterEach(() => vi.unstubAllGlobals());

/** The bar as a list shows it: gone from the page once its case is decided, here by the test's hand. */
function Case() {
  const [shown, setShown] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setShown(false)}>
        leave
      </button>
      {shown && <ActionBar label="Post by Sora" choices={[{ key: 'pass', label: 'Keep post, close reports', action: { kind: 'pass', postId: '41' } }]} />}
    </>
  );
}

describe('ActionBar', () => {
  it('says “Done” when the action has worked, even though its form left the page meanwhile', async () => {
    let answer!: (data: unknown) => void;
    answerApi({ 'POST /admin/posts/41/pass': new Promise((resolve) => (answer = resolve)) });
    await renderPage(<Case />);
    fireEvent.click(screen.getByRole('button', { name: 'Keep post, close reports' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Reason' }), { target: { value: 'Fine as it is' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm: Keep post, close reports' })));
    fireEvent.click(screen.getByRole('button', { name: 'leave' }));
    expect(screen.queryByRole('textbox', { name: 'Reason' })).toBeNull();
    await act(async () => answer({ auditId: '5', reportsResolved: 1 }));
    expect(await screen.findByText('Done')).toBeTruthy();
  });
});
