import { useTranslation } from 'react-i18next';
import type { ListedUser } from '@padhub/contracts';
import { useIsLoggedIn } from '@/platform/hooks.ts';
import { displayName } from '@/entities/user/avatar.tsx';
import { PersonLink } from '@/entities/user/author-line.tsx';
import { LoginPrompt } from '@/entities/session/login-prompt.tsx';
import { Page } from '@/ui/page.tsx';
import { PullList } from '@/ui/pull-list.tsx';
import { type ListKind, useListedUsers } from '@/features/safety/api/get-listed-users.ts';
import { useRemoveListedUser } from '@/features/safety/api/remove-listed-user.ts';
import '@/features/safety/components/safety.css';

/** /user/blocked: the people whose content the person no longer sees, each with Unblock. */
export function UserBlockedPage() {
  return <ListedUsersPage kind="blocks" />;
}

/** /user/blacklist: blocked in both directions, each with Remove. */
export function UserBlacklistPage() {
  return <ListedUsersPage kind="blacklist" />;
}

const texts = {
  blocks: { title: 'pages.userBlocked', hint: 'safety.lists.blockedHint', empty: 'safety.lists.blockedEmpty' },
  blacklist: { title: 'pages.userBlacklist', hint: 'safety.lists.blacklistHint', empty: 'safety.lists.blacklistEmpty' },
} as const;

function ListedUsersPage({ kind }: { kind: ListKind }) {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const list = useListedUsers(kind, loggedIn);
  return (
    <Page title={t(texts[kind].title)}>
      {loggedIn ? (
        <>
          <p className="safety-hint">{t(texts[kind].hint)}</p>
          <PullList query={list} label={t(texts[kind].title)} itemKey={(item) => item.user.id} renderItem={(item) => <ListedRow kind={kind} item={item} />} empty={t(texts[kind].empty)} />
        </>
      ) : (
        <LoginPrompt />
      )}
    </Page>
  );
}

function ListedRow({ kind, item }: { kind: ListKind; item: ListedUser }) {
  const { t } = useTranslation();
  const remove = useRemoveListedUser(kind);
  const name = displayName(item.user, t('common.loggedOutUser'));
  return (
    <div className="safety-item">
      <PersonLink user={item.user} className="author-link safety-item-name" />
      <button
        type="button"
        className="tap safety-item-action"
        aria-label={t(kind === 'blocks' ? 'safety.lists.unblockName' : 'safety.lists.removeName', { name })}
        disabled={remove.isPending}
        onClick={() => remove.mutate(item.user.id)}
      >
        {t(kind === 'blocks' ? 'safety.lists.unblock' : 'safety.lists.remove')}
      </button>
    </div>
  );
}
