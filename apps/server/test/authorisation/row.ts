import type { ErrorKey } from '@padhub/contracts';
import type { ActorName, World } from './world.ts';

/** 'ok': HTTP 200 with code 0; otherwise the catalogue's failure (its status and code). */
type Outcome = 'ok' | ErrorKey;
export type Expectations = Record<ActorName, Outcome>;

interface Request {
  url: string;
  payload?: object;
  /** Added to the actor's own headers. */
  headers?: Record<string, string>;
}

/**
 * One route that changes data, how to ask it (a fresh target owned by `owner`, in a fresh world
 * per actor), and what each actor must get. `route` is spelled as Fastify's route table spells it.
 */
export interface Row {
  route: string;
  request: (world: World, actor: ActorName) => Promise<Request>;
  expect: Expectations;
}

/** An organisation's settings that only its admins change: its moderators review, they do not set the rules. */
export const adminOnly: Expectations = {
  anonymous: 'login_required',
  owner: 'forbidden',
  other: 'forbidden',
  blacklisted: 'forbidden',
  banned: 'account_banned',
  deregistered: 'token_invalid',
  moderator: 'forbidden',
  otherOrgModerator: 'forbidden',
  admin: 'ok',
};

/**
 * Reads of an organisation's figures and lists: its moderators and admins; a moderator of the
 * other organisation asks in their own, and sees its own.
 */
export const staffRead: Expectations = { ...adminOnly, moderator: 'ok', otherOrgModerator: 'ok' };
