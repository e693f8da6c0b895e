import { describe, expect, it } from 'vitest';
import { auditActionSchema, auditKindActions, auditKindSchema } from './moderation.ts';

describe('audit kinds', () => {
  it('put every action of the log in exactly one kind, so filtering by kind loses none', () => {
    const grouped = auditKindSchema.options.flatMap((kind) => auditKindActions[kind]);
    expect([...grouped].sort()).toEqual([...auditActionSchema.options].sort());
  });
});
