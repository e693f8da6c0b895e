import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Config } from '@padhub/contracts';
import { paths } from '@/paths.ts';
import { useRequireLogin } from '@/platform/hooks.ts';
import { share, shareableUrl } from '@/platform/share.ts';
import { toast } from '@/ui/antd.tsx';
import { PullList } from '@/ui/pull-list.tsx';
import { ConfigCard } from '@/entities/configuration/config-card.tsx';
import { useCopies } from '@/features/configs/api/get-copies.ts';
import { useLikeConfig } from '@/features/configs/api/like-config.ts';

/** "This works for me" and Share: what a reader does with a configuration besides applying it. */
export function ConfigSocial({ config }: { config: Config }) {
  const { t } = useTranslation();
  const requireLogin = useRequireLogin();
  const like = useLikeConfig();
  const onShare = async () => {
    const outcome = await share({ url: shareableUrl(paths.configuration(config.id)), title: config.name });
    if (outcome === 'copied') void toast(t('configs.hub.copied'));
    if (outcome === 'failed') void toast(t('configs.hub.shareFailed'));
  };
  return (
    <div className="config-social">
      <button
        type="button"
        className="tap config-button"
        aria-pressed={config.liked}
        onClick={() => void requireLogin(() => like.mutate({ id: config.id, on: !config.liked }))}
      >
        <span aria-hidden="true">{config.liked ? '♥' : '♡'}</span> {t('configs.hub.like')}
      </button>
      <span className="config-note">{t('configs.hub.likes', { count: config.likeCount })}</span>
      <button type="button" className="tap config-button" onClick={() => void onShare()}>
        {t('configs.hub.share')}
      </button>
    </div>
  );
}

/** How many copies were made of it; each one a tap away once the list is opened. */
export function ConfigCopies({ config }: { config: Config }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const copies = useCopies(config.id, open);
  if (config.saveCount === 0) return null;
  return (
    <section className="config-copies" aria-label={t('configs.hub.copiesTitle')}>
      <button type="button" className="tap config-copies-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
        {t('configs.hub.copies', { count: config.saveCount })}
      </button>
      {open && (
        <PullList
          query={copies}
          skeleton="card"
          label={t('configs.hub.copiesTitle')}
          itemKey={(copy) => copy.id}
          renderItem={(copy) => <ConfigCard config={copy} />}
          empty={t('configs.posts.empty')}
        />
      )}
    </section>
  );
}
