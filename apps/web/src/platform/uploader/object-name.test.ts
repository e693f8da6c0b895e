import { describe, expect, it } from 'vitest';
import { extensionOf, objectName, randomSuffix } from './object-name.ts';

describe('object names (docs/product-spec.md, "Validation rules")', () => {
  it('are the folder prefix, the current time, 4 random characters and the original extension', () => {
    expect(objectName('u/padhub/7/', 'post', { name: 'IMG_0042.JPG', type: 'image/jpeg' }, 1_732_272_000_000, 'k3x9')).toBe('u/padhub/7/post/1732272000000k3x9.jpg');
  });

  it('keep the extension of a video, and never the rest of the original name', () => {
    const name = objectName('u/padhub/7/', 'post', { name: 'my holiday in Kyoto.mov', type: 'video/quicktime' }, 5, 'abcd');
    expect(name).toBe('u/padhub/7/post/5abcd.mov');
  });

  it('take the extension from the type when the name has none or a strange one', () => {
    expect(extensionOf('capture', 'video/mp4')).toBe('mp4');
    expect(extensionOf('.hidden', 'image/png')).toBe('png');
    expect(extensionOf('weird.<script>', 'image/webp')).toBe('webp');
    expect(extensionOf('unknown', '')).toBe('bin');
    expect(extensionOf('clip.RMVB', '')).toBe('rmvb');
  });

  it('add the slash a prefix lacks', () => {
    expect(objectName('u/padhub/7', 'post', { name: 'a.png', type: '' }, 1, 'wxyz')).toBe('u/padhub/7/post/1wxyz.png');
  });

  it('draw 4 characters from lower-case letters and digits', () => {
    expect(randomSuffix()).toMatch(/^[a-z0-9]{4}$/);
    expect(randomSuffix(4, () => new Uint8Array([0, 25, 26, 35]))).toBe('az09');
    const seen = new Set(Array.from({ length: 50 }, () => randomSuffix()));
    expect(seen.size).toBeGreaterThan(40);
  });
});
