/**
 * The Padhub host bridge protocol, version 1: constants, the language-tag mapping and the types of
 * every message. Nothing here loads zod at run time; the schemas themselves are
 * `@padhub/bridge-protocol/schemas`.
 */
export * from './constants.ts';
export * from './languages.ts';
export type * from './types.ts';
export { DEREGISTERED_STATE } from '@padhub/contracts';
