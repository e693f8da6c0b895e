import { describe, expect, it } from 'vitest';
import { FINGERPRINT_BYTES, FRAMINGS_PER_PICTURE, MATCH_COLOUR, MATCH_DISTANCE, colourDistance, distance, pictureHashes, words } from './hash.ts';
import { HashIndex } from './hash-index.ts';
import { random } from '#server/seed/community/bulk.ts';
import { drawPictures } from '#server/seed/community/pictures.ts';
import { randomOf, syntheticPicture, variants } from './synthetic.ts';

/** Pictures made, and the demo's own drawings (controllers, sticks, desks: alike by design); some of each re-uploaded in every way `variants` knows. */
const SYNTHETIC = 70;
const SEED = 30;
const REUPLOADED = new Set([...Array.from({ length: 18 }, (_, n) => n), ...Array.from({ length: 8 }, (_, n) => SYNTHETIC + n)]);

describe('the picture hash', () => {
  it('catches at least 95 % of re-uploads and fewer than 1 in 10 000 unrelated pictures', async () => {
    const drawn = await Promise.all(Array.from({ length: SYNTHETIC }, (_, n) => syntheticPicture(n + 1)));
    const originals = [...drawn, ...(await drawPictures(random(7), SEED)).map((picture) => picture.jpeg)];
    const families = await Promise.all(originals.map((picture) => pictureHashes(picture)));
    expect(families[0]).toHaveLength(FRAMINGS_PER_PICTURE);
    // Each picture's own entry holds its framings; the index answers which entry a hash is near.
    const index = new HashIndex(Buffer.concat(families.flat()), families.flatMap((family, n) => family.map(() => String(n))));
    const made = await Promise.all(
      originals.flatMap((original, n) => (!REUPLOADED.has(n) ? [] : variants).map(async ([name, make]) => ({ n, name, hash: (await pictureHashes(await make(original), false))[0]! }))),
    );

    const missed = made.filter(({ n, hash }) => index.nearest(hash)?.entry !== String(n)).map(({ n, name }) => `${n}: ${name}`);
    const caught = 1 - missed.length / made.length;

    // Unrelated pairs: every picture and every re-upload against every other picture's entry.
    const queries = [...families.map((family, n) => ({ n, hash: family[0]! })), ...made];
    let pairs = 0;
    let collisions = 0;
    let nearestUnrelated = 64;
    for (const { n, hash } of queries) {
      const [low, high] = words(hash);
      families.forEach((family, other) => {
        if (other === n) return;
        pairs++;
        const nearest = Math.min(...family.map((kept) => distance(low, high, ...words(kept))));
        nearestUnrelated = Math.min(nearestUnrelated, nearest);
        if (family.some((kept) => distance(low, high, ...words(kept)) <= MATCH_DISTANCE && colourDistance(hash, 0, kept, 0) <= MATCH_COLOUR)) collisions++;
      });
    }
    // The figures docs/moderation.md quotes, printed with every run.
    process.stdout.write(`re-uploads caught: ${made.length - missed.length} of ${made.length} (${(caught * 100).toFixed(1)} %); unrelated pairs caught: ${collisions} of ${pairs}; nearest unrelated hash ${nearestUnrelated} bits (before colours); missed: ${missed.join(', ') || 'none'}\n`);
    expect(pairs).toBeGreaterThanOrEqual(30_000);
    expect(caught).toBeGreaterThanOrEqual(0.95);
    // None in 30 000 pairs: by the rule of three the rate is below 1 in 10 000 at 95 % confidence.
    expect(collisions).toBe(0);
  });

  it('answers a missing picture as no match, and the nearest of several', () => {
    const random = randomOf(7);
    const hashes = Buffer.from(Array.from({ length: 1000 * FINGERPRINT_BYTES }, () => Math.floor(random() * 256)));
    const index = new HashIndex(hashes, Array.from({ length: 1000 }, (_, n) => `e${n}`));
    const query = Buffer.from(hashes.subarray(500 * FINGERPRINT_BYTES, 501 * FINGERPRINT_BYTES));
    query[0]! ^= 0b111; // three bits off entry 500
    expect(index.nearest(query)).toEqual({ entry: 'e500', distance: 3 });
    // Ten bits off, spread over the parts, is still found; eleven is not.
    query[2]! ^= 0b11; query[4]! ^= 0b11; query[6]! ^= 0b11; // 9
    query[7]! ^= 0b1; // 10
    expect(index.nearest(query)).toEqual({ entry: 'e500', distance: 10 });
    query[7]! ^= 0b10; // 11
    expect(index.nearest(query)).toBeNull();
    expect(new HashIndex(Buffer.alloc(0), []).nearest(query)).toBeNull();
  });

  it('refuses bytes that are no picture', async () => {
    await expect(pictureHashes(Buffer.from('not a picture'))).rejects.toThrow();
  });
});
