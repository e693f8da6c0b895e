import { useState } from 'react';
import { headers } from '@padhub/contracts';

/** 128 random bits as hex. Not crypto.randomUUID: it exists only on https pages and localhost. */
function newKey(): string {
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export interface SendKey {
  /** The Idempotency-Key header for this request: the same request sent again keeps its key. */
  headersFor(request: unknown): Record<string, string>;
  /** The key itself, for a send that carries it along (one kept across a reload keeps its key). */
  keyFor(request: unknown): string;
  /** The send was answered: the next one, even of the same text, is a new thing. */
  settle(): void;
}

/**
 * One Idempotency-Key per thing a person means to send, as a post has (platform/post-draft.ts): a
 * retry of the same request after a network error or a timeout, whose first try may have arrived,
 * reuses the key, so the server answers the first comment or report instead of making a second.
 * Another request (the text changed), or any send after an answer, gets a new key.
 */
export function sendKey(): SendKey {
  let pending: { fingerprint: string; key: string } | null = null;
  const keyFor = (request: unknown) => {
    const fingerprint = JSON.stringify(request) ?? '';
    if (pending?.fingerprint !== fingerprint) pending = { fingerprint, key: newKey() };
    return pending.key;
  };
  return {
    headersFor: (request) => ({ [headers.idempotencyKey]: keyFor(request) }),
    keyFor,
    settle() {
      pending = null;
    },
  };
}

/** A component's sendKey, kept across renders. */
export function useSendKey(): SendKey {
  const [key] = useState(sendKey);
  return key;
}
