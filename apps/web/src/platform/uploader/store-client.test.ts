import { describe, expect, it } from 'vitest';
import { encodeKey, objectUrl } from './store-client.ts';

describe('object addresses', () => {
  it('puts the bucket in the path for path-style stores (the embedded endpoint, MinIO)', () => {
    expect(objectUrl({ endpoint: 'http://127.0.0.1:8080/storage', bucket: 'padhub', pathStyle: true }, 'u/padhub/7/post/1abcd.jpg')).toBe(
      'http://127.0.0.1:8080/storage/padhub/u/padhub/7/post/1abcd.jpg',
    );
  });

  it('puts the bucket in the host for virtual-hosted stores (S3, OSS, R2): bucket plus endpoint host', () => {
    expect(objectUrl({ endpoint: 'https://s3.ap-northeast-1.amazonaws.com', bucket: 'padhub-media', pathStyle: false }, 'u/p/7/a.mp4', 'uploads')).toBe(
      'https://padhub-media.s3.ap-northeast-1.amazonaws.com/u/p/7/a.mp4?uploads',
    );
  });

  it('percent-encodes each segment of a key as SigV4 does, keeping the slashes', () => {
    expect(encodeKey("u/p/7/it's (1).jpg")).toBe('u/p/7/it%27s%20%281%29.jpg');
  });
});
