import { useTranslation } from 'react-i18next';
import { type PictureMatchAction, type RemovedPicture, pictureMatchActionSchema } from '@padhub/contracts';
import { useCurrentUser } from '@/platform/hooks.ts';
import { confirm, toast } from '@/ui/antd.tsx';
import { PullList } from '@/ui/pull-list.tsx';
import { useChangeRemovedPictures, useRemovedPictures } from '@/features/moderation/api/removed-pictures.ts';
import { ConsoleFrame } from '@/features/moderation/components/console-frame.tsx';

/**
 * /console/removed-pictures: the pictures removed with posts, which new uploads are checked against;
 * admins choose what a match does (refuse, or hold for review) and take pictures off the list.
 */
export function RemovedPicturesConsolePage() {
  const { t } = useTranslation();
  const admin = useCurrentUser()?.role === 'admin';
  const list = useRemovedPictures();
  const first = list.data?.pages[0];
  return (
    <ConsoleFrame>
      <p className="console-consequence">{t('moderation.removedPictures.about')}</p>
      {first && <MatchAction current={first.action} admin={admin} />}
      <PullList
        query={list}
        label={first ? t('moderation.removedPictures.list', { count: first.total }) : t('moderation.nav.removedPictures')}
        itemKey={(entry) => entry.id}
        renderItem={(entry) => <Entry entry={entry} admin={admin} />}
        empty={t('moderation.removedPictures.empty')}
        onRefresh={() => list.refetch()}
      />
    </ConsoleFrame>
  );
}

function MatchAction({ current, admin }: { current: PictureMatchAction; admin: boolean }) {
  const { t } = useTranslation();
  const change = useChangeRemovedPictures();
  return (
    <div className="console-card">
      <label className="console-field">
        <span>{t('moderation.removedPictures.action')}</span>
        <select
          className="field"
          value={current}
          disabled={!admin || change.isPending}
          onChange={(e) => change.mutate({ kind: 'action', action: pictureMatchActionSchema.parse(e.target.value) }, { onSuccess: () => void toast(t('moderation.removedPictures.saved')) })}
        >
          {pictureMatchActionSchema.options.map((action) => (
            <option key={action} value={action}>
              {t(`moderation.removedPictures.actions.${action}`)}
            </option>
          ))}
        </select>
      </label>
      {!admin && <p className="console-consequence">{t('moderation.removedPictures.adminsChoose')}</p>}
    </div>
  );
}

function Entry({ entry, admin }: { entry: RemovedPicture; admin: boolean }) {
  const { t, i18n } = useTranslation();
  const change = useChangeRemovedPictures();
  const forget = async () => {
    if (!(await confirm(t('moderation.removedPictures.forgetConfirm'), { confirm: t('moderation.removedPictures.forget'), cancel: t('common.cancel') }))) return;
    change.mutate({ kind: 'forget', id: entry.id }, { onSuccess: () => void toast(t('moderation.removedPictures.forgotten')) });
  };
  return (
    <article className="console-card console-game-row">
      <p>
        {t('moderation.removedPictures.removedWith', { id: entry.postId })} · <time dateTime={entry.removedAt}>{new Date(entry.removedAt).toLocaleString(i18n.language)}</time>
      </p>
      {admin && (
        <button type="button" className="tap console-action" disabled={change.isPending} onClick={() => void forget()}>
          {t('moderation.removedPictures.forget')}
        </button>
      )}
    </article>
  );
}
