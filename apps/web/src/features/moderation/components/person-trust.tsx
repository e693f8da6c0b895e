import { useTranslation } from 'react-i18next';
import { htmlLangTags, type PersonTrust } from '@padhub/contracts';
import { useSession } from '@/platform/session.ts';

/** A person's trust as staff weigh it: new, earned or trusted (and by whom), their age and passed posts. */
export function PersonTrustLine({ trust }: { trust: PersonTrust }) {
  const { t } = useTranslation();
  const lang = useSession((s) => s.lang);
  const parts = [t('moderation.people.trust.ageDays', { count: trust.ageDays }), t('moderation.people.trust.passedPosts', { count: trust.passedPosts })];
  return (
    <p className="console-trust">
      <span className={trust.limited ? 'staff-badge staff-badge-banned' : 'staff-badge'}>{t(`moderation.people.trust.${trust.level}`)}</span>
      {trust.limited && <span className="staff-badge staff-badge-banned">{t('moderation.people.trust.limited')}</span>} {parts.join(' · ')}
      {trust.trustedBy && trust.trustedAt && (
        <>
          {' · '}
          {t('moderation.people.trust.trustedBy', { name: trust.trustedBy.username, date: new Date(trust.trustedAt).toLocaleDateString(htmlLangTags[lang]) })}
        </>
      )}
    </p>
  );
}
