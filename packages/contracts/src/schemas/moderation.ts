import { z } from 'zod';
import { pictureHoldSchema } from './removed-pictures.ts';
import { personTrustSchema } from './new-accounts.ts';
import { pageSchema } from '../envelope.ts';
import { roleSchema, userSchema } from './account.ts';
import { idSchema, pageQuerySchema, reviewStatusSchema } from './community.ts';
import { mediaSchema } from './media.ts';
import { langSchema } from './platform.ts';
import { reportReasonSchema, reportStatusSchema, reportTargetTypeSchema } from './safety.ts';
import { perLanguage } from './shop.ts';

/** Every moderation action says why: the author reads it (not passed) and the audit log keeps it. */
export const moderationReasonSchema = z.string().trim().min(1).max(500);
export const reasonBodySchema = z.object({ reason: moderationReasonSchema });
export type ReasonBody = z.infer<typeof reasonBodySchema>;
/** Staff raise a person's trust (`trusted: true`), or take it back, with the reason the audit log keeps. */
export const trustBodySchema = reasonBodySchema.extend({ trusted: z.boolean() });
export type TrustBody = z.infer<typeof trustBodySchema>;
/** Pass or not pass: `edit: true` decides the post's edit waiting for review, not the post itself. */
export const reviewBodySchema = reasonBodySchema.extend({ edit: z.boolean().default(false) });
export type ReviewBody = z.input<typeof reviewBodySchema>;

export const banBodySchema = z.object({
  reason: moderationReasonSchema,
  /** How long, in days; null bans for good. */
  days: z.number().int().min(1).max(3650).nullable(),
  /** Their posts and comments are hidden from everyone else while the ban lasts (unbanning shows them again). */
  hideContent: z.boolean().default(false),
});
export type BanBody = z.infer<typeof banBodySchema>;

/** Admins grant and remove the moderator role; admins themselves are set up by the operators. */
export const roleBodySchema = z.object({ role: z.enum(['user', 'moderator']), reason: moderationReasonSchema });
export type RoleBody = z.infer<typeof roleBodySchema>;

/** Close a target's open reports without acting on it (their reporters see "no action"). */
export const dismissBodySchema = z.object({ targetType: reportTargetTypeSchema, targetId: idSchema, reason: moderationReasonSchema });
export type DismissBody = z.infer<typeof dismissBodySchema>;

/** A ban in force: until a time, or for good (until null). */
export const banSchema = z.object({ until: z.iso.datetime().nullable(), hidesContent: z.boolean() });
export type Ban = z.infer<typeof banSchema>;

/** A person as moderators see them: with their role and any ban in force. */
export const moderatedUserSchema = userSchema.extend({ role: roleSchema, ban: banSchema.nullable() });
export type ModeratedUser = z.infer<typeof moderatedUserSchema>;

export const moderationPostSchema = z.object({
  id: z.string(),
  author: moderatedUserSchema,
  content: z.string(),
  lang: langSchema,
  media: z.array(mediaSchema),
  reviewStatus: reviewStatusSchema,
  reviewReason: z.string().nullable(),
  /** Moderators still see what its author or another moderator deleted. */
  deleted: z.boolean(),
  createdAt: z.iso.datetime(),
  /** When its author last edited it; null if never (earlier versions: GET /api/admin/posts/:id/revisions). */
  editedAt: z.iso.datetime().nullable().optional(),
  /** In the review queue: the author's edit of this passed post, waiting for review (the post above is what others see). */
  edit: z.object({ content: z.string(), media: z.array(mediaSchema), createdAt: z.iso.datetime(), watchedWords: z.array(z.string()).optional() }).nullable().optional(),
  /** The organisation's watched words its text met (as the admin wrote them): why it may be waiting. */
  watchedWords: z.array(z.string()).optional(),
  /**
   * In the review queue: its author edited this passed post under post-moderation, and the edit is
   * live (the content above, since `editedAt`; what it replaced: the revisions). Passing keeps it,
   * not passing hides the post from others until its author edits it again.
   */
  liveEdit: z.boolean().optional(),
  /** In the review queue: held because a picture of it looks like a removed one (schemas/removed-pictures.ts). */
  pictureHold: pictureHoldSchema.nullable().optional(),
});
export type ModerationPost = z.infer<typeof moderationPostSchema>;

export const moderationCommentSchema = z.object({
  id: z.string(),
  postId: z.string(),
  author: moderatedUserSchema,
  content: z.string(),
  deleted: z.boolean(),
  createdAt: z.iso.datetime(),
  /** The comment or reply it answers, for context. */
  replyTo: z.object({ id: z.string(), author: userSchema, content: z.string() }).nullable(),
  /** When its author last edited it; null if never (earlier versions: GET /api/admin/comments/:id/revisions). */
  editedAt: z.iso.datetime().nullable().optional(),
});
export type ModerationComment = z.infer<typeof moderationCommentSchema>;

/** A comment a `require_approval` watched word holds, as the review queue lists it. */
export const heldCommentSchema = moderationCommentSchema.extend({
  /** The watched words it met (as the admin wrote them): why it waits. */
  watchedWords: z.array(z.string()),
  /** Held by its author's edit of a comment others read before (the earlier text: the revisions). */
  heldEdit: z.boolean(),
  /** The first characters of the post it is on, for context. */
  postContent: z.string(),
});
export type HeldComment = z.infer<typeof heldCommentSchema>;
export const heldCommentPageSchema = pageSchema(heldCommentSchema);

export const caseReportSchema = z.object({
  id: z.string(),
  /** Null for the report the organisation's `flag` watched words opened (reason `watched_word`). */
  reporter: userSchema.nullable(),
  reason: z.union([reportReasonSchema, z.literal('watched_word')]),
  /** The watched words met, as the admin wrote them (the system's report only). */
  watchedWords: z.array(z.string()).optional(),
  description: z.string(),
  status: reportStatusSchema,
  updatedAt: z.iso.datetime(),
});
export type CaseReport = z.infer<typeof caseReportSchema>;

/**
 * The reports about one target, grouped, with the target in its context (its post; for a comment,
 * what it answers; for a person, who they are and no post).
 */
export const moderationCaseSchema = z.object({
  id: z.string(),
  targetType: reportTargetTypeSchema,
  targetId: z.string(),
  /** Reports still waiting for a decision. */
  openReports: z.number().int(),
  openedAt: z.iso.datetime(),
  /** Null only for a reported person. */
  post: moderationPostSchema.nullable(),
  /** The reported person (for `targetType: 'user'`), else null. */
  user: moderatedUserSchema.nullable(),
  comment: moderationCommentSchema.nullable(),
  /** The latest reports first (at most 20). */
  reports: z.array(caseReportSchema),
});
export type ModerationCase = z.infer<typeof moderationCaseSchema>;
export const moderationCasePageSchema = pageSchema(moderationCaseSchema);
export const moderationPostPageSchema = pageSchema(moderationPostSchema);

/** What moderators do to members' content and accounts: each says why (`moderationReasonSchema`). */
export const moderationAuditActionSchema = z.enum([
  'pass',
  'not_pass',
  'delete_post',
  'delete_comment',
  'dismiss_reports',
  'ban',
  'unban',
  'grant_moderator',
  'revoke_moderator',
]);

/**
 * What admins do to the shop. Routine edits: no reason is asked, the entry names what changed.
 * An edit that publishes or unpublishes is logged as that (`publish_goods`), with the other fields
 * it changed in `detail.changed`; a reorder names the list's owner (the shop for categories, the
 * category for goods, the goods for variants); `move_goods` places one goods before or after another.
 */
export const shopAuditActionSchema = z.enum([
  'create_category',
  'update_category',
  'publish_category',
  'unpublish_category',
  'delete_category',
  'reorder_categories',
  'create_goods',
  'update_goods',
  'publish_goods',
  'unpublish_goods',
  'delete_goods',
  'reorder_goods',
  'move_goods',
  'create_variant',
  'update_variant',
  'publish_variant',
  'unpublish_variant',
  'delete_variant',
  'reorder_variants',
]);

/** Admins' changes to the organisation's games (the configuration hub's filter). */
export const gameAuditActionSchema = z.enum(['rename_game', 'merge_game']);

/** The purge of a deregistered account, written by the job that ran it (docs/privacy.md, "Deletion"). */
export const accountAuditActionSchema = z.enum(['purge_account']);

/** Admins' changes to the organisation's watched words (schemas/watched-words.ts). */
export const watchedWordAuditActionSchema = z.enum(['add_watched_word', 'update_watched_word', 'remove_watched_word', 'import_watched_words']);

/** Admins' changes to the removed pictures' list and what a match does (schemas/removed-pictures.ts). */
export const removedPictureAuditActionSchema = z.enum(['forget_removed_picture', 'set_picture_match_action']);

/** Admins' changes to the new-account limits, and staff raising a person's trust (schemas/new-accounts.ts). */
export const trustAuditActionSchema = z.enum(['set_new_account_rules', 'trust_person', 'untrust_person']);

export const auditActionSchema = z.enum([
  ...moderationAuditActionSchema.options,
  ...shopAuditActionSchema.options,
  ...gameAuditActionSchema.options,
  ...accountAuditActionSchema.options,
  ...watchedWordAuditActionSchema.options,
  ...removedPictureAuditActionSchema.options,
  ...trustAuditActionSchema.options,
]);
export type AuditAction = z.infer<typeof auditActionSchema>;

/** `shop`: the organisation's shop itself (the order of its categories); it has no id. */
export const auditTargetTypeSchema = z.enum(['post', 'comment', 'user', 'goods', 'goods_category', 'goods_variant', 'shop', 'game', 'watched_word', 'removed_picture', 'new_account_rules']);
export type AuditTargetType = z.infer<typeof auditTargetTypeSchema>;

/** The fields a shop edit may change, as `detail.changed` lists them. */
export const shopChangedFieldSchema = z.enum(['names', 'category', 'model', 'texts', 'pictures', 'price', 'oldPrice', 'stock', 'storeUrl']);
export type ShopChangedField = z.infer<typeof shopChangedFieldSchema>;

/**
 * The kinds of action a moderator filters the audit log by: decisions on members' content, bans,
 * roles, every shop change, and the games configurations name.
 */
export const auditKindSchema = z.enum(['decisions', 'bans', 'roles', 'shop', 'games', 'accounts', 'watched_words', 'removed_pictures', 'trust']);
export type AuditKind = z.infer<typeof auditKindSchema>;

export const auditKindActions: Record<AuditKind, readonly AuditAction[]> = {
  decisions: ['pass', 'not_pass', 'delete_post', 'delete_comment', 'dismiss_reports'],
  bans: ['ban', 'unban'],
  roles: ['grant_moderator', 'revoke_moderator'],
  shop: shopAuditActionSchema.options,
  games: ['rename_game', 'merge_game'],
  accounts: accountAuditActionSchema.options,
  watched_words: watchedWordAuditActionSchema.options,
  removed_pictures: removedPictureAuditActionSchema.options,
  trust: trustAuditActionSchema.options,
};

/**
 * The audit log's filters, all optional and combined with "and". The cursor is the last line's
 * place in the log, so it stays right under any filters; send the same ones to read on.
 */
export const auditQuerySchema = pageQuerySchema
  .extend({
    kind: auditKindSchema.optional(),
    /** Only what this person did. */
    actorId: idSchema.optional(),
    /**
     * Only what was done to this target (with `targetId`) or to targets of this type. A goods'
     * history includes its variants' lines, where prices and stock change.
     */
    targetType: auditTargetTypeSchema.optional(),
    targetId: idSchema.optional(),
  })
  .refine((q) => q.targetId === undefined || (q.targetType !== undefined && q.targetType !== 'shop'), {
    path: ['targetId'],
    message: 'give targetType with targetId (the shop itself has no id)',
  });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  actor: userSchema,
  action: auditActionSchema,
  targetType: auditTargetTypeSchema,
  /** Null only for the shop itself. */
  targetId: z.string().nullable(),
  /**
   * Shop targets: their name per content language as it was when the action was taken (a deleted
   * goods keeps its name here); a variant's reads "goods · variant". Null for members' content and accounts.
   */
  targetNames: perLanguage(z.string()).nullable(),
  /** A user target as they are now (to name and find them); null for other targets. */
  targetUser: userSchema.nullable(),
  /** The post a comment target belongs to (to open it in place); null for other targets. */
  targetPostId: z.string().nullable(),
  /** Why, for moderation actions (always given); null for shop edits, which ask none. */
  reason: z.string().nullable(),
  /**
   * What else the action decided: a ban's `until`, how many reports it resolved. For shop edits:
   * `changed` (ShopChangedField[]) and, by the same names, `from`/`to` of the plain values among
   * them (prices in minor units, stock, model, store link, the category's id); `goodsId` of a
   * variant; `ids` of a reorder in its new order; `before`/`after` of a move (the other goods' id).
   */
  detail: z.record(z.string(), z.unknown()),
  createdAt: z.iso.datetime(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = pageSchema(auditEntrySchema);

/** Every action answers the audit entry it wrote and how many open reports it resolved. */
export const moderationResultSchema = z.object({ auditId: z.string(), reportsResolved: z.number().int() });
export type ModerationResult = z.infer<typeof moderationResultSchema>;

export const userSearchQuerySchema = pageQuerySchema.extend({
  /** The start of a username or nickname; without it, the staff and the banned come first. */
  q: z.string().trim().min(1).max(40).optional(),
});
export type UserSearchQuery = z.infer<typeof userSearchQuerySchema>;
/** A person as the console's people section lists them: with their trust (schemas/new-accounts.ts). */
export const staffPersonSchema = moderatedUserSchema.extend({ trust: personTrustSchema });
export type StaffPerson = z.infer<typeof staffPersonSchema>;
export const moderatedUserPageSchema = pageSchema(staffPersonSchema);
