import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { paths } from '@/paths.ts';
import { useRequireLogin } from '@/platform/hooks.ts';
import { confirm, toast } from '@/ui/antd.tsx';
import { Sheet } from '@/ui/sheet.tsx';
import { showSnackbar } from '@/ui/snackbar.tsx';
import { reportFailure } from '@/entities/session/report-failure.ts';
import { type AuthorList, unlistAuthor, useListAuthor } from '@/entities/user/api/list-author.ts';
import { displayName } from '@/entities/user/avatar.tsx';
import type { ContentMenuProps } from './content-menu.tsx';
export { default as Filtered } from './filtered.tsx';

const texts = {
  blocks: { confirm: 'community.menu.confirmBlock', button: 'community.menu.block', done: 'common.blockedSuccessfully' },
  blacklist: { confirm: 'community.menu.confirmBlacklist', button: 'community.menu.blacklist', done: 'common.blacklistedSuccessfully' },
} as const;

/** The content menu's sheet (content-menu.tsx), open: its actions and what each does. */
export function ContentMenuSheet({ targetType, targetId, author, labels, onAuthorHidden, onEdit, own, onClose }: ContentMenuProps & { own: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const requireLogin = useRequireLogin();
  const listAuthor = useListAuthor();
  const name = displayName(author, t('common.loggedOutUser'));

  const undo = (list: AuthorList) =>
    unlistAuthor(client, list, author.id).then(
      () => toast(t('community.menu.undone')),
      (error: unknown) => reportFailure(error),
    );

  const hide = (list: AuthorList) =>
    requireLogin(async () => {
      if (!(await confirm(t(texts[list].confirm, { name }), { confirm: t(texts[list].button), cancel: t('common.cancel') }))) return;
      // Awaited here rather than in mutate's callbacks: the refreshed lists may drop this very
      // menu (its content is now hidden), and callbacks of an unmounted caller never run.
      try {
        await listAuthor.mutateAsync({ list, userId: author.id });
      } catch (error) {
        reportFailure(error);
        return;
      }
      showSnackbar(t(texts[list].done), { label: t('community.menu.undo'), onPress: () => void undo(list) });
      onAuthorHidden?.();
    });

  return (
    <Sheet
      label={t('community.menu.more')}
      actions={
        own
          ? [{ key: 'edit', text: t('community.edit.edit') }]
          : [
              { key: 'report', text: labels?.report ?? t('community.menu.report') },
              { key: 'blocks', text: labels?.block ?? t('community.menu.blockAuthor'), description: t('community.menu.blockExplained') },
              {
                key: 'blacklist',
                text: labels?.blacklist ?? t('community.menu.blacklistAuthor'),
                description: t('community.menu.blacklistExplained'),
                danger: true,
              },
            ]
      }
      cancelText={t('common.cancel')}
      onClose={onClose}
      onAction={(action) => {
        onClose();
        if (action.key === 'edit') onEdit?.();
        else if (action.key === 'report') void requireLogin(() => navigate(paths.reportOf(targetType, targetId)));
        else void hide(action.key as AuthorList);
      }}
    />
  );
}
