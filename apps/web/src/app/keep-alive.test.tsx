import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RelativeTime } from '@/ui/relative-time.tsx';
import { NotificationBell } from '@/entities/notification/notification-bell.tsx';
import { answerApi, renderPage, signIn } from '@/test-utils.tsx';
import { KeepAliveOutlet } from './keep-alive.tsx';

function Counter({ name }: { name: string }) {
  const [count, setCount] = useState(0);
  const navigate = useNavigate();
  return (
    <div>
      <button type="button" onClick={() => setCount((c) => c + 1)}>
        {name} {count}
      </button>
      <button type="button" onClick={() => void navigate(name === 'kept' ? '/other' : '/kept')}>
        go from {name}
      </button>
    </div>
  );
}

describe('KeepAliveOutlet', () => {
  it('keeps a kept-alive page’s state across a visit elsewhere, and not an ordinary page’s', async () => {
    render(
      <MemoryRouter initialEntries={['/kept']}>
        <Routes>
          <Route element={<KeepAliveOutlet kept={{ '/kept': <Counter name="kept" /> }} />}>
            <Route path="kept" element={null} />
            <Route path="other" element={<Counter name="other" />} />
          </Route>
        </Routes>
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'kept 0' }));
    fireEvent.click(screen.getByRole('button', { name: 'kept 1' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'go from kept' })));
    fireEvent.click(screen.getByRole('button', { name: 'other 0' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'go from other' })));
    expect(screen.getByRole('button', { name: 'kept 2' })).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'go from kept' })));
    // The ordinary page started again.
    expect(screen.getByRole('button', { name: 'other 0' })).toBeTruthy();
  });
});

/** A kept-alive page with a bell (which polls the unread count) and a time (which ticks each minute). */
function PollingPage({ born }: { born: string }) {
  const navigate = useNavigate();
  return (
    <div>
      <NotificationBell />
      <RelativeTime iso={born} />
      <button type="button" onClick={() => void navigate('/other')}>
        away
      </button>
    </div>
  );
}

function Elsewhere() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate('/kept')}>
      back
    </button>
  );
}

describe('a hidden kept-alive page', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('stops polling and ticking while hidden, and takes both up again when shown', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // On a minute, so that the time on the page reads whole minutes.
    vi.setSystemTime(new Date('2026-11-26T08:00:00Z'));
    signIn();
    const calls = answerApi({ 'GET /notifications/unread': { count: 2 } });
    const polls = () => calls.filter((c) => c.path === '/notifications/unread').length;
    const minutes = async (count: number) => act(() => vi.advanceTimersByTimeAsync(count * 60_000));
    const born = new Date().toISOString();
    await renderPage(
      <Routes>
        <Route element={<KeepAliveOutlet kept={{ '/kept': <PollingPage born={born} /> }} />}>
          <Route path="kept" element={null} />
          <Route path="other" element={<Elsewhere />} />
        </Route>
      </Routes>,
      { route: '/kept' },
    );
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(polls()).toBe(1);
    await minutes(1);
    expect(polls()).toBe(2);
    const time = document.querySelector('time')!;
    // In the app's language, English in these tests: "1 minute ago".
    expect(time.textContent).toMatch(/1/);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'away' })));
    await minutes(3);
    expect(polls()).toBe(2);
    expect(time.textContent).toMatch(/1/);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'back' })));
    await waitFor(() => expect(polls()).toBe(3));
    expect(time.textContent).toMatch(/4/);
    await minutes(1);
    expect(polls()).toBe(4);
  });
});
