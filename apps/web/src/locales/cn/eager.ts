import { base } from './base.ts';
import { community } from './community.ts';

/** What the first page needs, shipped with it; the other groups load with the pages that use them. */
export const eager = { ...base, community };
