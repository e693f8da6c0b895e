import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { User } from '@padhub/contracts';
import { paths } from '@/paths.ts';
import { useCurrentUser, useRequireLogin } from '@/platform/hooks.ts';
import { ActionSheet, confirm, toast } from '@/ui/antd.tsx';
import { showSnackbar } from '@/ui/snackbar.tsx';
import { reportFailure } from '@/entities/session/report-failure.ts';
import { type AuthorList, unlistAuthor, useListAuthor } from '@/entities/user/api/list-author.ts';
import { displayName } from '@/entities/user/avatar.tsx';
import './content-menu.css';

export interface ContentMenuProps {
  /** What the menu is about: someone's post or comment, or the person (their profile). */
  targetType: 'post' | 'comment' | 'user';
  targetId: string;
  author: User;
  /** The actions' names when the defaults ("Block the author") do not fit, as on a profile. */
  labels?: { report: string; block: string; blacklist: string };
  /** After the author was blocked or blacklisted (the detail page leaves a post that is now hidden). */
  onAuthorHidden?: () => void;
  /** On one's own content: "Edit" (the post's composer, or the comment in place). */
  onEdit?: () => void;
}

const texts = {
  blocks: { confirm: 'community.menu.confirmBlock', button: 'community.menu.block', done: 'common.blockedSuccessfully' },
  blacklist: { confirm: 'community.menu.confirmBlacklist', button: 'community.menu.blacklist', done: 'common.blacklistedSuccessfully' },
} as const;

/**
 * "More" on someone else's post or comment: report it, block its author, or put them on the
 * blacklist, each list saying in a line what it does. Both ask first and offer Undo after.
 * On one's own content it offers Edit (when `onEdit` is given); deleting has its own button.
 */
export function ContentMenu({ targetType, targetId, author, labels, onAuthorHidden, onEdit }: ContentMenuProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const me = useCurrentUser();
  const requireLogin = useRequireLogin();
  const listAuthor = useListAuthor();
  const [open, setOpen] = useState(false);
  const own = me?.id === author.id;
  if (own && !onEdit) return null;
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
    <>
      <button type="button" className="tap content-menu-button" aria-haspopup="dialog" aria-label={t('community.menu.more')} onClick={() => setOpen(true)}>
        <span aria-hidden="true">⋯</span>
      </button>
      {open && (
        <Suspense>
          <ActionSheet
            visible={open}
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
            onClose={() => setOpen(false)}
            onAction={(action) => {
              setOpen(false);
              if (action.key === 'edit') onEdit?.();
              else if (action.key === 'report') void requireLogin(() => navigate(paths.reportOf(targetType, targetId)));
              else void hide(action.key as AuthorList);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
