import { describe, expect, it } from 'vitest';
import { laterParts, takeOverInParts } from './hydration.ts';

describe('the later parts’ gate', () => {
  it('opens though React already marked it pending while waiting on it', async () => {
    // What `use(laterParts)` does to a promise it meets for the first time (ui/later.tsx).
    laterParts.status = 'pending';
    // A tap held before the code ran opens the gate at once (start-after-paint.js).
    (window as { padhubTaps?: { held: unknown[] } }).padhubTaps = { held: [{}] };
    takeOverInParts();
    expect(laterParts.status).toBe('fulfilled');
    await expect(laterParts).resolves.toBeUndefined();
  });
});
