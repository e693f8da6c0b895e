/** The security feature's own cache keys: the person's archives of their data. */
export const dataKeys = {
  all: ['my-data'] as const,
  exports: () => [...dataKeys.all, 'exports'] as const,
};
