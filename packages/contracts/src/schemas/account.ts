import { z } from 'zod';

export const roleSchema = z.enum(['user', 'moderator', 'admin']);
export type Role = z.infer<typeof roleSchema>;

/** A user as every client reads it. `state` 10101 means deregistered. */
export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  nickname: z.string(),
  avatar: z.string().nullable(),
  state: z.number().int(),
});
export type User = z.infer<typeof userSchema>;

export const meSchema = userSchema.extend({ role: roleSchema, organisationId: z.string() });
export type Me = z.infer<typeof meSchema>;

export const usernameSchema = z
  .string()
  .trim()
  .min(3)
  .max(32)
  .regex(/^[A-Za-z0-9_.-]+$/, 'letters, digits, "_", "." and "-" only');

export const passwordSchema = z.string().min(8).max(128);

export const credentialsSchema = z.object({
  username: usernameSchema,
  password: passwordSchema,
  /** The host's name for the device (e.g. "iPhone 15"), shown in the person's list of sessions. */
  device: z.string().trim().min(1).max(80).optional(),
  /**
   * An id the host made for this installation and keeps (docs/bridge.md, "Authentication"): a
   * device the account logged in from counts as known for the login limits, as a known network does.
   */
  deviceId: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/).optional(),
});
export type Credentials = z.infer<typeof credentialsSchema>;

/** The name shown beside what a person writes; the username stays the handle (@mentions, sign-in). */
export const nicknameSchema = z.string().trim().min(1).max(40);

export const registerSchema = credentialsSchema.extend({
  nickname: nicknameSchema.optional(),
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const sessionSchema = z.object({ token: z.string(), user: meSchema });
export type Session = z.infer<typeof sessionSchema>;

/** One live session of the signed-in person (GET /api/me/sessions). */
export const sessionInfoSchema = z.object({
  id: z.string(),
  /** What the device said about itself: the host's name for it, or what its User-Agent names; null: nothing known. */
  device: z.string().nullable(),
  /** The server's own reading, beside the name the device chose: the platform and client its User-Agent names (null: none recognised). */
  platform: z.string().nullable(),
  /** The network it logged in from (an IPv4 /24 or IPv6 /64); null for sessions older than this field. */
  network: z.string().nullable(),
  /** When the account first logged in from this device (its host's id) or, without one, from this network. */
  firstSeenAt: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  /** The session asking. */
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

export const sessionListSchema = z.object({ items: z.array(sessionInfoSchema) });
export type SessionList = z.infer<typeof sessionListSchema>;

export const sessionIdParamsSchema = z.object({ id: z.string().regex(/^\d{1,18}$/) });

/** How many sessions a revoke ended. */
export const revokedSchema = z.object({ revoked: z.number().int() });

/** POST /api/me/password: the new password follows the registration rules; every other session ends. */
export const passwordChangeSchema = z
  .object({ currentPassword: z.string().min(1).max(128), newPassword: passwordSchema })
  .refine((v) => v.currentPassword !== v.newPassword, { path: ['newPassword'], message: 'must differ from the current password' });
export type PasswordChange = z.infer<typeof passwordChangeSchema>;
