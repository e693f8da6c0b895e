import { onlineManager } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { afterEach } from 'vitest';

/**
 * The device's network for a component test: `navigator.onLine`, its events and the query
 * library's view of them move together, as they do in a browser. Back online after each test.
 */
let online = true;
Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });

export async function setNetwork(next: boolean) {
  await act(async () => {
    online = next;
    onlineManager.setOnline(next);
    window.dispatchEvent(new Event(next ? 'online' : 'offline'));
  });
}

afterEach(() => {
  online = true;
  onlineManager.setOnline(true);
});
