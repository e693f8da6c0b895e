import { useTranslation } from 'react-i18next';
import { htmlLangTags, type ModeratedUser } from '@padhub/contracts';
import { useSession } from '@/platform/session.ts';
import { displayName } from '@/entities/user/avatar.tsx';

/** A person as moderators need to see them: name, username, role, and any ban in force. */
export function StaffUser({ user }: { user: ModeratedUser }) {
  const { t } = useTranslation();
  const lang = useSession((s) => s.lang);
  return (
    <span className="staff-user">
      <strong>{displayName(user, t('common.loggedOutUser'))}</strong>
      {user.username && <span className="staff-user-handle">@{user.username}</span>}
      {user.role !== 'user' && <span className="staff-badge">{t(`moderation.people.roles.${user.role}`)}</span>}
      {user.ban && (
        <span className="staff-badge staff-badge-banned">
          {user.ban.until ? t('moderation.people.bannedUntil', { date: new Date(user.ban.until).toLocaleString(htmlLangTags[lang]) }) : t('moderation.people.bannedForGood')}
        </span>
      )}
      {user.ban?.hidesContent && <span className="staff-badge staff-badge-banned">{t('moderation.people.contentHidden')}</span>}
    </span>
  );
}
