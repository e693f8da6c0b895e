import type { Notification } from '@padhub/contracts';
import { type Actor, data, type TestApp } from '#server-test/helper.ts';

/** An actor's inbox (first page, up to 50) and unread count, as the app reads them. */
export async function inbox(app: TestApp, actor: Actor, filter: 'all' | 'conversations' = 'all'): Promise<Notification[]> {
  return data<{ items: Notification[] }>(await app.inject({ method: 'GET', url: `/api/notifications?limit=50&filter=${filter}`, headers: actor.headers })).items;
}

export async function unread(app: TestApp, actor: Actor): Promise<number> {
  return data<{ count: number }>(await app.inject({ method: 'GET', url: '/api/notifications/unread', headers: actor.headers })).count;
}
