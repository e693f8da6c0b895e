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
});
export type Credentials = z.infer<typeof credentialsSchema>;

export const registerSchema = credentialsSchema.extend({
  nickname: z.string().trim().min(1).max(40).optional(),
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const sessionSchema = z.object({ token: z.string(), user: meSchema });
export type Session = z.infer<typeof sessionSchema>;
