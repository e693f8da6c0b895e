import { describe, expect, it } from 'vitest';
import { headers } from '@padhub/contracts';
import { sendKey } from './send-key.ts';

const keyOf = (h: Record<string, string>) => h[headers.idempotencyKey];

describe('sendKey', () => {
  it('keeps the key of a request sent again until it is answered, then starts a new one', () => {
    const keys = sendKey();
    const first = keyOf(keys.headersFor(['p1', { content: 'hello' }]));
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(keyOf(keys.headersFor(['p1', { content: 'hello' }]))).toBe(first);
    keys.settle();
    expect(keyOf(keys.headersFor(['p1', { content: 'hello' }]))).not.toBe(first);
  });

  it('gives another request another key', () => {
    const keys = sendKey();
    const first = keyOf(keys.headersFor({ content: 'hello' }));
    expect(keyOf(keys.headersFor({ content: 'hello!' }))).not.toBe(first);
  });
});
