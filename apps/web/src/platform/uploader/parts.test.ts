import { describe, expect, it } from 'vitest';
import { MIN_PART_BYTES, completedParts, partSizeFor, partsToSend, planParts, storedBytes } from './parts.ts';

const MiB = 1024 * 1024;

describe('part planning', () => {
  it('cuts a file into 5 MiB parts numbered from 1, the last one shorter', () => {
    expect(planParts(12 * MiB)).toEqual([
      { partNumber: 1, start: 0, end: 5 * MiB },
      { partNumber: 2, start: 5 * MiB, end: 10 * MiB },
      { partNumber: 3, start: 10 * MiB, end: 12 * MiB },
    ]);
  });

  it('sends a small picture as one part, and an empty file as one empty part', () => {
    expect(planParts(300_000)).toEqual([{ partNumber: 1, start: 0, end: 300_000 }]);
    expect(planParts(0)).toEqual([{ partNumber: 1, start: 0, end: 0 }]);
  });

  it('keeps a 1 GB video within 10 000 parts of at least 5 MiB', () => {
    expect(partSizeFor(1024 ** 3)).toBe(MIN_PART_BYTES);
    expect(planParts(1024 ** 3)).toHaveLength(205);
    const huge = 60_000 * MiB;
    expect(partSizeFor(huge)).toBe(6 * MiB);
    expect(planParts(huge).length).toBeLessThanOrEqual(10_000);
  });
});

describe('resuming', () => {
  const plan = planParts(12 * MiB);

  it('sends only the parts the store does not hold', () => {
    const stored = [{ partNumber: 1, etag: '"a"', size: 5 * MiB }, { partNumber: 3, etag: '"c"', size: 2 * MiB }];
    expect(partsToSend(plan, stored).map((p) => p.partNumber)).toEqual([2]);
    expect(storedBytes(plan, stored)).toBe(7 * MiB);
  });

  it('sends again a part stored with another size (a body cut off half-way)', () => {
    const stored = [{ partNumber: 1, etag: '"a"', size: 3 * MiB }];
    expect(partsToSend(plan, stored).map((p) => p.partNumber)).toEqual([1, 2, 3]);
    expect(storedBytes(plan, stored)).toBe(0);
  });

  it('completes with every planned part in order, and refuses to complete with one missing', () => {
    const stored = [
      { partNumber: 3, etag: '"c"', size: 2 * MiB },
      { partNumber: 1, etag: '"a"', size: 5 * MiB },
      { partNumber: 2, etag: '"b"', size: 5 * MiB },
    ];
    expect(completedParts(plan, stored)).toEqual([
      { partNumber: 1, etag: '"a"' },
      { partNumber: 2, etag: '"b"' },
      { partNumber: 3, etag: '"c"' },
    ]);
    expect(() => completedParts(plan, stored.slice(1))).toThrow(/part 3 is not stored/);
  });
});
