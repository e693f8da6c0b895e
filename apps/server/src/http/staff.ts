import type { FastifyRequest } from 'fastify';
import { requireUser } from './context.ts';
import { fail } from '#server/lib/errors.ts';

/** A moderator or admin acting in their own organisation. */
export interface Staff {
  orgId: string;
  userId: string;
  role: 'moderator' | 'admin';
}

/**
 * The signed-in moderator or admin of the request's organisation. Roles belong to an account and
 * an account to one organisation, whose token is refused with any other Accorgid: a moderator of
 * another organisation is no moderator here (and finds nothing of this one).
 */
export async function requireStaff(req: FastifyRequest, level: 'moderator' | 'admin' = 'moderator'): Promise<Staff> {
  const user = await requireUser(req);
  const allowed = level === 'admin' ? user.role === 'admin' : user.role === 'moderator' || user.role === 'admin';
  if (!allowed || user.organisationId !== req.org.id) throw fail('forbidden');
  return { orgId: req.org.id, userId: user.id, role: user.role as Staff['role'] };
}
