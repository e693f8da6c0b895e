import { describe, expect, it } from 'vitest';
import { auditTargetPath } from './audit-links.ts';

const line = { targetUser: null, targetPostId: null, detail: {} };
const user = { id: '7', username: 'lena.m', nickname: 'Lena', avatar: null, state: 0 };

describe('audit log links', () => {
  it('open a post, and a comment in its post', () => {
    expect(auditTargetPath({ ...line, targetType: 'post', targetId: '12' }, 'moderator')).toBe('/community/detail?id=12');
    expect(auditTargetPath({ ...line, targetType: 'comment', targetId: '40', targetPostId: '12' }, 'moderator')).toBe('/community/detail?id=12');
    expect(auditTargetPath({ ...line, targetType: 'comment', targetId: '40' }, 'moderator')).toBeNull();
  });

  it('find a person in the console by username', () => {
    expect(auditTargetPath({ ...line, targetType: 'user', targetId: '7', targetUser: user }, 'moderator')).toBe('/console/people?q=lena.m');
    // A deregistered person has no username left to find them by.
    expect(auditTargetPath({ ...line, targetType: 'user', targetId: '7', targetUser: { ...user, username: '' } }, 'moderator')).toBeNull();
  });

  it('open goods in the editor for admins and in the shop for moderators', () => {
    expect(auditTargetPath({ ...line, targetType: 'goods', targetId: '5' }, 'admin')).toBe('/console/goods/edit?id=5');
    expect(auditTargetPath({ ...line, targetType: 'goods', targetId: '5' }, 'moderator')).toBe('/goods/details?id=5');
    expect(auditTargetPath({ ...line, targetType: 'goods_variant', targetId: '9', detail: { goodsId: '5' } }, 'admin')).toBe('/console/goods/edit?id=5');
    expect(auditTargetPath({ ...line, targetType: 'goods_category', targetId: '2' }, 'moderator')).toBeNull();
    expect(auditTargetPath({ ...line, targetType: 'shop', targetId: null }, 'admin')).toBe('/console/goods');
  });
});
