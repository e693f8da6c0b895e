import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '@/platform/api/client.ts';
import { errorText } from '@/platform/i18n.ts';
import { useCurrentUser } from '@/platform/hooks.ts';
import { Empty, LoadError, Loading } from '@/ui/load-state.tsx';
import { Page } from '@/ui/page.tsx';
import '@/entities/configuration/config-card.css';
import { useConfig } from '@/entities/configuration/api/get-config.ts';
import { useConfigLive } from '@/features/configs/api/config-live.ts';
import { ConfigActions } from '@/features/configs/components/config-actions.tsx';
import { ConfigBody } from '@/features/configs/components/config-body.tsx';
import { ConfigDetailsForm } from '@/features/configs/components/config-details-form.tsx';
import { ConfigHeader } from '@/features/configs/components/config-header.tsx';
import { ConfigPosts } from '@/features/configs/components/config-posts.tsx';
import { ConfigCopies, ConfigSocial } from '@/features/configs/components/config-social.tsx';
import './configs.css';

/** One configuration, readable at a glance (controller picture or timeline), to apply or save, with the posts that carry it. */
export function ConfigDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const config = useConfig(id);
  useConfigLive(id);
  const me = useCurrentUser();
  const gone = config.error instanceof ApiError && (config.error.is('not_found') || config.error.is('validation_failed'));
  return (
    <Page title={t('configs.pages.detail')} footer={config.data && <ConfigActions config={config.data} />}>
      {config.isPending && <Loading />}
      {config.isError && (gone ? <Empty text={errorText('not_found')} /> : <LoadError onRetry={() => void config.refetch()} />)}
      {config.data && (
        <>
          <article className="config-detail">
            <ConfigHeader config={config.data} />
            {config.data.author.id === me?.id && <ConfigDetailsForm config={config.data} />}
            <ConfigSocial config={config.data} />
            <ConfigBody config={config.data} />
          </article>
          <ConfigCopies config={config.data} />
          <ConfigPosts id={config.data.id} />
        </>
      )}
    </Page>
  );
}
