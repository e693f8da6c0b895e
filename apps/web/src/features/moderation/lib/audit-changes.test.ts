import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@padhub/contracts';
import { fieldChanges } from './audit-changes.ts';

const entry = (detail: Record<string, unknown>): AuditEntry => ({
  id: '1',
  actor: { id: '2', username: 'admin', nickname: 'Admin', avatar: null, state: 0 },
  action: 'update_variant',
  targetType: 'goods_variant',
  targetId: '3',
  targetNames: null,
  targetUser: null,
  targetPostId: null,
  reason: null,
  detail,
  createdAt: new Date(0).toISOString(),
});

describe('fieldChanges', () => {
  it('pairs each changed field with its plain from and to', () => {
    expect(fieldChanges(entry({ changed: ['price', 'oldPrice'], from: { price: 19900, oldPrice: null }, to: { price: 17900, oldPrice: 19900 } }))).toEqual([
      { field: 'price', values: { from: 19900, to: 17900 } },
      { field: 'oldPrice', values: { from: null, to: 19900 } },
    ]);
  });

  it('keeps only the name of fields whose values are long or not plain', () => {
    const long = `https://shop.example/${'x'.repeat(60)}`;
    expect(fieldChanges(entry({ changed: ['texts', 'pictures', 'storeUrl'], from: { storeUrl: 'https://a.example' }, to: { storeUrl: long } }))).toEqual([
      { field: 'texts' },
      { field: 'pictures' },
      { field: 'storeUrl' },
    ]);
  });

  it('ignores what it does not know and lines with no changes', () => {
    expect(fieldChanges(entry({ changed: ['colour', 'stock'], from: { stock: 'in_stock' }, to: { stock: 'sold_out' } }))).toEqual([
      { field: 'stock', values: { from: 'in_stock', to: 'sold_out' } },
    ]);
    expect(fieldChanges(entry({ reportsResolved: 2 }))).toEqual([]);
  });
});
