import { z } from 'zod';

/** A yes-or-no setting as the environment spells it. */
export const flag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'])
  .transform((v) => ['1', 'true', 'on', 'yes'].includes(v));
