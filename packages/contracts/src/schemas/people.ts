import { z } from 'zod';
import { pageSchema } from '../envelope.ts';
import { nicknameSchema, userSchema, usernameSchema } from './account.ts';
import { idSchema } from './community.ts';

export const BIO_MAX = 160;

/** A person's profile. A deregistered account answers its anonymised user (state 10101) and zeros. */
export const profileSchema = z.object({
  user: userSchema,
  bio: z.string(),
  createdAt: z.iso.datetime(),
  postCount: z.number().int(),
  followerCount: z.number().int(),
  followingCount: z.number().int(),
  /** Likes received on their posts the viewer can see. */
  likeCount: z.number().int(),
  /** The viewer follows them (false when anonymous). */
  following: z.boolean(),
  /** The viewer blocked them (the profile then offers to unblock). */
  blocked: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

export const profileParamsSchema = z.object({ id: idSchema });
/** `GET /api/users/named/:username`: the profile an @mention links to (mentions name people, not ids). */
export const profileNameParamsSchema = z.object({ username: usernameSchema });

export const followStateSchema = z.object({ following: z.boolean(), followerCount: z.number().int() });
export type FollowState = z.infer<typeof followStateSchema>;

export const followEntrySchema = z.object({ user: userSchema, createdAt: z.iso.datetime() });
export const followPageSchema = pageSchema(followEntrySchema);

/** `PATCH /api/me`: what of their profile a person changes; what is left out stays as it is. */
export const updateMeSchema = z
  .object({ bio: z.string().trim().max(BIO_MAX), nickname: nicknameSchema })
  .partial()
  .refine((input) => input.bio !== undefined || input.nickname !== undefined, { message: 'nothing to change' });
export type UpdateMeInput = z.infer<typeof updateMeSchema>;

/** Avatars are cropped to at least this many pixels a side (smaller would show blurred at 256 px). */
export const AVATAR_CROP_MIN = 64;

/**
 * `PUT /api/me/avatar`: a picture the person uploaded and the square of it to keep, in the pixels
 * of the picture as it stands upright (its EXIF orientation applied), from its top-left corner.
 */
export const avatarInputSchema = z.object({
  path: z.string().min(1).max(512),
  crop: z.object({ x: z.int().min(0), y: z.int().min(0), size: z.int().min(AVATAR_CROP_MIN) }),
});
export type AvatarInput = z.infer<typeof avatarInputSchema>;

export const mentionSearchQuerySchema = z.object({ q: z.string().trim().min(1).max(32) });
export const userSearchSchema = z.object({ items: z.array(userSchema) });
