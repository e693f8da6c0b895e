import { z } from 'zod';
import { languages } from '../languages.ts';
import { feedPageSchema, postSchema } from './community.ts';
import { organisationSchema } from './platform.ts';
import { goodsCardPageSchema, goodsCategoryListSchema } from './shop.ts';

/**
 * The first screen's data, sent inside the HTML of the landing pages (the community feed, a
 * post and the Mall) so that the first paint needs no API round trip. It is what an anonymous reader of
 * `orgId` sees in `lang`: the page uses it only when that is what it would have asked for.
 */
export const firstScreenSchema = z.object({
  orgId: z.string(),
  lang: z.enum(languages),
  organisation: organisationSchema.nullable(),
  /** The first page of the newest posts, on the community page. */
  feed: feedPageSchema.nullable(),
  /** The feed holds posts of every language, not only of `lang` (the device's "All languages"). */
  allLanguages: z.boolean().default(false),
  /** The post of a detail page. */
  post: postSchema.nullable(),
  /** The Mall's category bar and the first page of its goods (every category). */
  categories: goodsCategoryListSchema.nullable().default(null),
  goods: goodsCardPageSchema.nullable().default(null),
});
export type FirstScreen = z.infer<typeof firstScreenSchema>;
