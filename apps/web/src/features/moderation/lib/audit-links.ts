import type { AuditEntry, Role } from '@padhub/contracts';
import { paths } from '@/paths.ts';

type Linked = Pick<AuditEntry, 'targetType' | 'targetId' | 'targetUser' | 'targetPostId' | 'detail'>;

/**
 * Where a line of the audit log leads: the post (a comment's post), the person in the console's
 * people section, the goods (its editor for admins, who alone may open it; its shop page for
 * moderators). Null where there is nowhere to go.
 */
export function auditTargetPath(entry: Linked, role: Role | undefined): string | null {
  const admin = role === 'admin';
  const goods = (id: string) => (admin ? paths.goodsEditor({ id }) : paths.goods(id));
  const { targetId } = entry;
  switch (entry.targetType) {
    case 'post':
      return targetId && paths.post(targetId);
    case 'comment':
      return entry.targetPostId && paths.post(entry.targetPostId);
    case 'user':
      return entry.targetUser?.username ? paths.consolePeopleFinding(entry.targetUser.username) : null;
    case 'goods':
      return targetId && goods(targetId);
    case 'goods_variant':
      return typeof entry.detail.goodsId === 'string' ? goods(entry.detail.goodsId) : null;
    case 'goods_category':
    case 'shop':
      return admin ? paths.consoleGoods : null;
    case 'game':
      return admin ? paths.consoleGames : null;
    case 'watched_word':
      return admin ? paths.consoleWatchedWords : null;
    case 'removed_picture':
      return paths.consoleRemovedPictures;
    case 'new_account_rules':
      return admin ? paths.consoleNewAccounts : null;
  }
}
