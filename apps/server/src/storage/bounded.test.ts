import { describe, expect, it } from 'vitest';
import { Slots, mapBounded } from './bounded.ts';

/** A task the test finishes by hand, to see what runs at the same time. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('mapBounded', () => {
  it('runs at most `limit` at once and answers in the order of the items', async () => {
    const gates = [gate(), gate(), gate(), gate()];
    const started: number[] = [];
    const done = mapBounded([0, 1, 2, 3], 2, async (i) => {
      started.push(i);
      await gates[i]!.opened;
      return i * 10;
    });
    await settle();
    expect(started).toEqual([0, 1]);
    gates[1]!.open();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    gates.forEach((g) => g.open());
    expect(await done).toEqual([0, 10, 20, 30]);
  });

  it('starts nothing after a failure, and throws the failure of the earliest item', async () => {
    const gates = [gate(), gate()];
    const started: number[] = [];
    const done = mapBounded([0, 1, 2, 3], 2, async (i) => {
      started.push(i);
      if (i < 2) await gates[i]!.opened;
      throw new Error(`item ${i}`);
    });
    await settle();
    gates[1]!.open();
    await settle();
    gates[0]!.open();
    await expect(done).rejects.toThrow('item 0');
    expect(started).toEqual([0, 1]);
  });
});

describe('Slots', () => {
  it('lets `size` run at once across callers, the rest in turn', async () => {
    const slots = new Slots(2);
    const gates = [gate(), gate(), gate()];
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const all = gates.map((g, i) =>
      slots.run(async () => {
        order.push(i);
        most = Math.max(most, ++running);
        await g.opened;
        running--;
      }),
    );
    await settle();
    expect(order).toEqual([0, 1]);
    gates[0]!.open();
    await settle();
    expect(order).toEqual([0, 1, 2]);
    gates.forEach((g) => g.open());
    await Promise.all(all);
    expect(most).toBe(2);
  });
});
