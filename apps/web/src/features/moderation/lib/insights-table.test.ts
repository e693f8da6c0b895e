import { describe, expect, it } from 'vitest';
import { csvOf, daysOf, tableOf } from './insights-table.ts';

describe('the insights tables', () => {
  it('names each day of the range in UTC, across a month’s end', () => {
    expect(daysOf({ from: '2026-01-30', range: 4 })).toEqual(['2026-01-30', '2026-01-31', '2026-02-01', '2026-02-02']);
  });

  it('puts each line’s figure beside its day, and writes CSV that quotes what needs it', () => {
    const lines = [
      { name: 'content.posts' as const, dim: 'en', unit: 'count' as const, values: [1, 2], current: 3, previous: 0 },
      { name: 'content.posts' as const, dim: 'jp', unit: 'count' as const, values: [0, null], current: 0, previous: 0 },
    ];
    const rows = tableOf(['2026-01-01', '2026-01-02'], lines);
    expect(rows).toEqual([
      ['2026-01-01', 1, 0],
      ['2026-01-02', 2, null],
    ]);
    expect(csvOf(['date', 'English', 'a "quoted", name'], rows)).toBe('date,English,"a ""quoted"", name"\r\n2026-01-01,1,0\r\n2026-01-02,2,\r\n');
  });

  it('never lets a searched word start a formula in a spreadsheet, and leaves numbers as they are', () => {
    expect(csvOf(['rank', 'words', 'people'], [[1, '=HYPERLINK("x")', -3], [2, '@sum', 4], [3, 'gamepad', 5]])).toBe(
      'rank,words,people\r\n1,"\'=HYPERLINK(""x"")",-3\r\n2,\'@sum,4\r\n3,gamepad,5\r\n',
    );
  });
});
