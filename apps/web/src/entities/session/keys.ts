/** Every cache key of the person's own sessions, from one place. */
export const sessionKeys = {
  all: ['sessions'] as const,
  /** The live sessions of the signed-in person. */
  list: () => [...sessionKeys.all, 'list'] as const,
};
