import { act, fireEvent, render, screen } from '@testing-library/preact';
import { useState } from 'react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
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
