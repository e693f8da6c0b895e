import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { StaffPerson } from '@padhub/contracts';
import { useCurrentUser } from '@/platform/hooks.ts';
import { displayName } from '@/entities/user/avatar.tsx';
import { PullList } from '@/ui/pull-list.tsx';
import { usePeople } from '@/features/moderation/api/search-people.ts';
import { type ActionChoice, ActionBar } from '@/features/moderation/components/action-bar.tsx';
import { ConsoleFrame } from '@/features/moderation/components/console-frame.tsx';
import { StaffUser } from '@/features/moderation/components/staff-user.tsx';
import { PersonTrustLine } from '@/features/moderation/components/person-trust.tsx';

/** /console/people: find someone; see their trust and raise it; ban or unban; admins grant and remove the moderator role. */
export function PeopleConsolePage() {
  return (
    <ConsoleFrame>
      <People />
    </ConsoleFrame>
  );
}

function People() {
  const { t } = useTranslation();
  // The search is in the address, so the audit log can link to a person (and back returns to it).
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [typed, setTyped] = useState(q);
  const people = usePeople(q, true);
  return (
    <>
      <form
        className="console-search"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setParams(typed.trim() ? { q: typed.trim() } : {});
        }}
      >
        <input type="search" value={typed} onChange={(e) => setTyped(e.target.value)} aria-label={t('moderation.people.search')} placeholder={t('moderation.people.search')} maxLength={40} />
        <button type="submit" className="tap console-action">
          {t('community.search.submit')}
        </button>
      </form>
      {q === '' && <h2 className="console-section-title">{t('moderation.people.staffAndBanned')}</h2>}
      <PullList query={people} label={t('moderation.nav.people')} itemKey={(u) => u.id} renderItem={(u) => <PersonCard person={u} />} empty={t('moderation.people.empty')} />
    </>
  );
}

function PersonCard({ person }: { person: StaffPerson }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const label = displayName(person, t('common.loggedOutUser'));
  const isAdmin = me?.role === 'admin';
  const choices: ActionChoice[] = [];
  // What the server allows, offered here so nobody is shown a button that can only fail.
  const mayBan = person.id !== me?.id && (person.role === 'user' || (person.role === 'moderator' && isAdmin));
  if (mayBan) {
    choices.push(
      person.ban
        ? { key: 'unban', label: t('moderation.actions.unban'), action: { kind: 'unban', userId: person.id } }
        : { key: 'ban', label: t('moderation.actions.ban'), consequence: t('moderation.actions.consequences.ban'), action: { kind: 'ban', userId: person.id }, withDuration: true, danger: true },
    );
  }
  if (isAdmin && person.id !== me?.id && person.role !== 'admin') {
    choices.push(
      person.role === 'moderator'
        ? { key: 'role', label: t('moderation.actions.removeModerator'), action: { kind: 'role', userId: person.id, role: 'user' } }
        : { key: 'role', label: t('moderation.actions.makeModerator'), action: { kind: 'role', userId: person.id, role: 'moderator' } },
    );
  }
  // Staff hold trust with their role; a member's is raised (or taken back) with a reason.
  if (person.role === 'user') {
    const trusted = person.trust.level !== 'trusted';
    choices.push({ key: 'trust', label: t(trusted ? 'moderation.actions.trust' : 'moderation.actions.untrust'), consequence: t(trusted ? 'moderation.actions.consequences.trust' : 'moderation.actions.consequences.untrust'), action: { kind: 'trust', userId: person.id, trusted } });
  }
  return (
    <article className="console-card" aria-label={label}>
      <StaffUser user={person} />
      <PersonTrustLine trust={person.trust} />
      {choices.length > 0 && <ActionBar choices={choices} label={label} />}
    </article>
  );
}
