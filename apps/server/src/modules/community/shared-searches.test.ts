import { describe, expect, it } from 'vitest';
import { SharedSearches } from './shared-searches.ts';

describe('SharedSearches', () => {
  it('runs the same search once while it runs, a different one or a later one again', async () => {
    const shared = new SharedSearches<string>();
    let runs = 0;
    let finish!: (value: string) => void;
    const search = () => {
      runs++;
      return new Promise<string>((resolve) => (finish = resolve));
    };
    const first = shared.run('a', undefined, search);
    const second = shared.run('a', undefined, search);
    expect(runs).toBe(1);
    finish('page');
    expect(await Promise.all([first, second])).toEqual(['page', 'page']);
    void shared.run('b', undefined, search);
    void shared.run('a', undefined, search);
    expect(runs).toBe(3);
  });

  it('a follower whose leader was cancelled runs the search itself; a cancelled follower does not', async () => {
    const shared = new SharedSearches<string>();
    const leaving = new AbortController();
    const leader = shared.run('a', leaving.signal, (signal) => new Promise<string>((_, reject) => signal!.addEventListener('abort', () => reject(new Error('gone')))));
    const follower = shared.run('a', undefined, async () => 'own page');
    const gone = new AbortController();
    const goneFollower = shared.run('a', gone.signal, async () => 'never');
    gone.abort();
    leaving.abort();
    await expect(leader).rejects.toThrow('gone');
    expect(await follower).toBe('own page');
    await expect(goneFollower).rejects.toThrow('gone');
  });
});
