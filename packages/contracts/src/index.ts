export * from './constants.ts';
export * from './envelope.ts';
export * from './errors.ts';
export * from './languages.ts';
export * from './schemas/account.ts';
export * from './schemas/platform.ts';
export * from './schemas/community.ts';
export * from './schemas/media.ts';
