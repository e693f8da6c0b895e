import { useTranslation } from 'react-i18next';
import { share, shareableUrl } from '@/platform/share.ts';
import { toast } from '@/ui/antd.tsx';
import { Icon } from '@/ui/icons.tsx';

/**
 * Shares a page of the app (a post, a profile): the host's sheet, else the system's, else the link
 * is copied and a toast says so. The link opens the same page, in the app or in a browser.
 * Its words are the people group's: a page that shows it loads that group (app/router.tsx).
 */
export function ShareButton({ path, title }: { path: string; title: string }) {
  const { t } = useTranslation();
  const run = async () => {
    const outcome = await share({ url: shareableUrl(path), title });
    if (outcome === 'copied') void toast(t('community.share.copied'));
    else if (outcome === 'failed') void toast(t('community.share.failed'));
  };
  return (
    <button type="button" className="tap" aria-label={t('community.share.button')} onClick={() => void run()}>
      <Icon name="share" size={22} />
    </button>
  );
}
