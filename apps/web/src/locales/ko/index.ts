import type { Translations } from '../en/index.ts';
import { base } from './base.ts';
import { community } from './community.ts';

export const ko: Translations = { ...base, community };
