import { describe, expect, it } from 'vitest';
import { chooseFiles, kindOf } from './choose-files.ts';

const MB = 1024 * 1024;
const image = (name = 'a.jpg', size = MB) => ({ name, type: 'image/jpeg', size });
const video = (name = 'clip.mp4', size = 50 * MB, type = 'video/mp4') => ({ name, type, size });
const images = (n: number) => Array.from({ length: n }, () => ({ kind: 'image' as const }));

describe('what counts as a video (docs/product-spec.md, "Validation rules")', () => {
  it.each([
    ['clip.mov', ''],
    ['clip.MP4', ''],
    ['old.avi', ''],
    ['film.rmvb', ''],
    ['capture', 'video/quicktime'],
    ['screen.webm', 'video/webm'],
  ])('%s (%s) is a video', (name, type) => {
    expect(kindOf({ name, type })).toBe('video');
  });

  it('takes pictures by type or extension, and nothing else', () => {
    expect(kindOf({ name: 'IMG_1.HEIC', type: '' })).toBe('image');
    expect(kindOf({ name: 'x', type: 'image/png' })).toBe('image');
    expect(kindOf({ name: 'notes.txt', type: 'text/plain' })).toBeNull();
    expect(kindOf({ name: 'scan.bmp', type: 'image/bmp' })).toBeNull();
  });
});

describe('choosing files', () => {
  it('accepts up to 18 images and refuses the 19th with the spec message', () => {
    const { accepted, refusals } = chooseFiles(images(17), [image('18.jpg'), image('19.jpg')]);
    expect(accepted.map((a) => a.file.name)).toEqual(['18.jpg']);
    expect(refusals).toEqual(['tooManyImages']);
  });

  it('accepts one video and refuses a second, whenever it is chosen', () => {
    expect(chooseFiles([], [video('a.mp4'), video('b.mov')])).toMatchObject({ accepted: [{ file: { name: 'a.mp4' }, kind: 'video' }], refusals: ['oneVideo'] });
    expect(chooseFiles([{ kind: 'video' }], [video()]).refusals).toEqual(['oneVideo']);
    // A video does not count against the 18 images, nor they against it.
    expect(chooseFiles(images(18), [video()]).accepted).toHaveLength(1);
  });

  it('asks to choose again a video over 1 GB or an image over 15 MB', () => {
    expect(chooseFiles([], [video('big.mp4', 1024 * MB + 1)]).refusals).toEqual(['videoTooLarge']);
    expect(chooseFiles([], [image('big.jpg', 15 * MB + 1)]).refusals).toEqual(['imageTooLarge']);
    expect(chooseFiles([], [image('edge.jpg', 15 * MB)]).accepted).toHaveLength(1);
  });

  it('names each reason once, in the order met, and keeps the good files', () => {
    const { accepted, refusals } = chooseFiles(images(18), [image('x.jpg'), { name: 'a.txt', type: 'text/plain', size: 3 }, image('y.jpg'), video()]);
    expect(accepted.map((a) => a.kind)).toEqual(['video']);
    expect(refusals).toEqual(['tooManyImages', 'unsupported']);
  });

  it('refuses an empty file', () => {
    expect(chooseFiles([], [image('empty.jpg', 0)]).refusals).toEqual(['unsupported']);
  });
});
