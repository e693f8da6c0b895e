import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { type ErrorKey, errorCatalogue, type Role } from '@padhub/contracts';
import { type Actor, registerUser, type TestApp } from '#server-test/helper.ts';

/** The answer is the catalogue's failure for `key`: its HTTP status and its code. */
export function expectError(res: LightMyRequestResponse, key: ErrorKey) {
  expect({ status: res.statusCode, code: res.json().code }).toEqual({ status: errorCatalogue[key].status, code: errorCatalogue[key].code });
}

/** A new account with a role, as an operator (or an admin, for moderators) would set it. */
export async function registerStaff(app: TestApp, role: Role, options: { org?: string } = {}): Promise<Actor> {
  const actor = await registerUser(app, options);
  await app.db.query('update users set role = $2 where id = $1', [actor.id, role]);
  return actor;
}

export const putList = (app: TestApp, actor: Actor, list: 'blocks' | 'blacklist', userId: string) =>
  app.inject({ method: 'PUT', url: `/api/${list}/${userId}`, headers: actor.headers });

export const deleteList = (app: TestApp, actor: Actor, list: 'blocks' | 'blacklist', userId: string) =>
  app.inject({ method: 'DELETE', url: `/api/${list}/${userId}`, headers: actor.headers });

export const commentOn = (app: TestApp, actor: Actor, postId: string, content: string, replyTo?: string) =>
  app.inject({ method: 'POST', url: `/api/posts/${postId}/comments`, headers: actor.headers, payload: { content, ...(replyTo ? { replyTo } : {}) } });

export const report = (app: TestApp, actor: { headers: Record<string, string> }, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/reports', headers: actor.headers, payload });
