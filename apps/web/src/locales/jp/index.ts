import type { Translations } from '../en/index.ts';
import { base } from './base.ts';

export const jp: Translations = { ...base };
