import { describe, expect, it } from 'vitest';
import { placeCallouts } from './callouts.ts';

const area = { midX: 200, top: 10, bottom: 230, gap: 16 };
const anchor = (key: string, x: number, y: number) => ({ key, x, y, text: key });

describe('placeCallouts', () => {
  it('puts each label on its input’s side, level with it when there is room', () => {
    const placed = placeCallouts([anchor('lb', 128, 44), anchor('a', 262, 108)], area);
    expect(placed).toEqual([
      expect.objectContaining({ key: 'lb', side: 'left', labelY: 44 }),
      expect.objectContaining({ key: 'a', side: 'right', labelY: 108 }),
    ]);
  });

  it('keeps labels apart and in the order of their inputs, inside the picture', () => {
    const crowded = ['y', 'x', 'b', 'a', 'rs'].map((key, i) => anchor(key, 250 + i, 100 + i * 3));
    const placed = placeCallouts([...crowded, anchor('p2', 276, 229)], area);
    const ys = placed.map((c) => c.labelY);
    expect(placed.map((c) => c.key)).toEqual(['y', 'x', 'b', 'a', 'rs', 'p2']);
    for (let i = 1; i < ys.length; i++) expect(ys[i]! - ys[i - 1]!).toBeGreaterThanOrEqual(16);
    expect(Math.max(...ys)).toBeLessThanOrEqual(230);
    expect(Math.min(...ys)).toBeGreaterThanOrEqual(10);
  });

  it('sends inputs on the middle line to the emptier side', () => {
    const placed = placeCallouts([anchor('a', 262, 108), anchor('b', 277, 93), anchor('gyro', 200, 146)], area);
    expect(placed.find((c) => c.key === 'gyro')?.side).toBe('left');
  });
});
