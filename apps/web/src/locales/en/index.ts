import { base } from './base.ts';
import { community } from './community.ts';
import { configs } from './configs.ts';
import { moderation } from './moderation.ts';
import { posting } from './posting.ts';
import { safety } from './safety.ts';
import { people } from './people.ts';
import { hostCheck } from './hostCheck.ts';
import { shop } from './shop.ts';
import { notifications } from './notifications.ts';
import { security } from './security.ts';

/**
 * The source locale. Each part of the app keeps its strings in its own file per language (base for
 * the shell); the shape of this object types the other three, so a missing key fails the type check.
 */
export const en = { ...base, community, safety, people, moderation, posting, configs, shop, hostCheck, notifications, security };

export type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };
export type Translations = Strings<typeof en>;
