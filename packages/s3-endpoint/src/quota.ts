import type { BodyGate, BodyPlan } from './body.ts';
import type { SessionClaims } from './credentials.ts';

/** Bytes set aside for one body while it arrives; settled to what arrived, or given back on failure. */
export interface Reservation {
  /** Before more of the body is taken in: makes sure `received` bytes are set aside, or refuses with QuotaExceeded. */
  cover(received: number): Promise<void>;
  settle(received: number): Promise<void>;
  release(): Promise<void>;
}

/**
 * How much a person may upload: the endpoint plans each PutObject and UploadPart body through it.
 * The endpoint keeps no count of its own; whoever mounts it decides where the count lives (Padhub
 * keeps it in its database, so that every process shares it).
 */
export interface UploadQuota {
  /** Plans a body whose gate covers its bytes as they stream, and reserves what it declares. */
  planned(claims: SessionClaims, plan: (gate: BodyGate) => BodyPlan): Promise<{ plan: BodyPlan; usage: Reservation }>;
}

const free: Reservation = { cover: async () => undefined, settle: async () => undefined, release: async () => undefined };

/** No quota: every body is let through. */
export const noQuota: UploadQuota = {
  planned: async (_claims, plan) => ({ plan: plan(async () => undefined), usage: free }),
};
