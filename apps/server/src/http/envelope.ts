export function ok<T>(data: T) {
  return { code: 0 as const, message: 'ok', data };
}
