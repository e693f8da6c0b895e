import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { User } from '@padhub/contracts';
import { paths } from '@/paths.ts';
import { useCurrentUser, useRequireLogin } from '@/platform/hooks.ts';
import { ActionSheet, toast } from '@/ui/antd.tsx';
import { reportFailure } from '@/entities/session/report-failure.ts';
import { type AuthorList, useListAuthor } from '@/entities/user/api/list-author.ts';
import './content-menu.css';

export interface ContentMenuProps {
  targetType: 'post' | 'comment';
  targetId: string;
  author: User;
  /** After the author was blocked or blacklisted (the detail page leaves a post that is now hidden). */
  onAuthorHidden?: () => void;
}

/**
 * "More" on someone else's post or comment: report it, block its author, or put them on the
 * blacklist. Not shown on one's own content, which has its delete button instead.
 */
export function ContentMenu({ targetType, targetId, author, onAuthorHidden }: ContentMenuProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useCurrentUser();
  const requireLogin = useRequireLogin();
  const listAuthor = useListAuthor();
  const [open, setOpen] = useState(false);
  if (me?.id === author.id) return null;

  const hide = (list: AuthorList) =>
    requireLogin(() =>
      listAuthor.mutate(
        { list, userId: author.id },
        {
          onSuccess: () => {
            void toast(t(list === 'blocks' ? 'common.blockedSuccessfully' : 'common.blacklistedSuccessfully'));
            onAuthorHidden?.();
          },
          onError: reportFailure,
        },
      ),
    );

  return (
    <>
      <button type="button" className="tap content-menu-button" aria-haspopup="dialog" aria-label={t('community.menu.more')} onClick={() => setOpen(true)}>
        <span aria-hidden="true">⋯</span>
      </button>
      {open && (
        <Suspense>
          <ActionSheet
            visible={open}
            actions={[
              { key: 'report', text: t('community.menu.report') },
              { key: 'blocks', text: t('community.menu.blockAuthor') },
              { key: 'blacklist', text: t('community.menu.blacklistAuthor'), danger: true },
            ]}
            cancelText={t('common.cancel')}
            onClose={() => setOpen(false)}
            onAction={(action) => {
              setOpen(false);
              if (action.key === 'report') void requireLogin(() => navigate(paths.reportOf(targetType, targetId)));
              else void hide(action.key as AuthorList);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
