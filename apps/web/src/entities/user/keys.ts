/** Every cache key of people, from one place; `all` is the prefix of them all. */
export const userKeys = {
  all: ['users'] as const,
  /** The people I blocked or blacklisted. */
  listed: (kind: string) => [...userKeys.all, 'listed', kind] as const,
};
