import type { Translations } from '@/locales/en/index.ts';
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

export const cn: Translations = { ...base, community, safety, people, moderation, posting, configs, shop, hostCheck, notifications, security };
