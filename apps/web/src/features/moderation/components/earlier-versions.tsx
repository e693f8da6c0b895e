import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RelativeTime } from '@/ui/relative-time.tsx';
import { LoadError, Loading } from '@/ui/load-state.tsx';
import { useRevisions } from '@/features/moderation/api/get-revisions.ts';

/** "Edited · show earlier versions": what an edited post or comment said before, read when opened. */
export function EarlierVersions({ type, id, editedAt }: { type: 'post' | 'comment'; id: string; editedAt: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const list = useId();
  const revisions = useRevisions(type, id, open);
  return (
    <div className="console-revisions">
      <button type="button" className="tap console-action" aria-expanded={open} aria-controls={list} onClick={() => setOpen(!open)}>
        {t('moderation.revisions.edited')} <RelativeTime iso={editedAt} /> · {open ? t('moderation.revisions.hide') : t('moderation.revisions.show')}
      </button>
      {open && (
        <div id={list}>
          {revisions.isPending && <Loading />}
          {revisions.isError && <LoadError onRetry={() => void revisions.refetch()} />}
          {revisions.data && (
            <ol className="console-revision-list" aria-label={t('moderation.revisions.label')}>
              {revisions.data.items.map((r, index) => (
                <li key={index} className="console-context">
                  <span className="console-revision-head">
                    {t('moderation.revisions.replaced')} <RelativeTime iso={r.replacedAt} />
                    {r.mediaCount ? ` · ${t('moderation.revisions.media', { count: r.mediaCount })}` : ''}
                  </span>
                  <span className="console-text">{r.content}</span>
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
    </div>
  );
}
