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
