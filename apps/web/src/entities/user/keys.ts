/** Every cache key of people, from one place; `all` is the prefix of them all. */
export const userKeys = {
  all: ['users'] as const,
  /** The people I blocked or blacklisted. */
  listed: (kind: string) => [...userKeys.all, 'listed', kind] as const,
  /** A profile, by id, or by username (`@name`) as a mention names it. */
  profiles: () => [...userKeys.all, 'profile'] as const,
  profile: (idOrName: string) => [...userKeys.profiles(), idOrName] as const,
  /** Someone's shared configurations, as their profile lists them. */
  configs: (id: string) => [...userKeys.all, 'configs', id] as const,
  /** Their followers, or the people they follow. */
  follows: (id: string, direction: 'followers' | 'following') => [...userKeys.all, direction, id] as const,
  /** People to mention whose names start with `q`. */
  search: (q: string) => [...userKeys.all, 'search', q] as const,
  /** A follow being sent (a mutation's key): it may wait for the network. */
  follow: () => [...userKeys.all, 'follow'] as const,
};
