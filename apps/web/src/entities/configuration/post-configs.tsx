import { useTranslation } from 'react-i18next';
import { usePostConfigs } from '@/entities/configuration/api/get-post-configs.ts';
import { LoadError } from '@/ui/load-state.tsx';
import { ConfigCard } from './config-card.tsx';

/** The configurations a post carries, as cards; nothing at all for a post without any. */
export function PostConfigs({ postId, count }: { postId: string; count: number }) {
  const { t } = useTranslation();
  const configs = usePostConfigs(postId, count > 0);
  if (count === 0) return null;
  if (configs.isError) return <LoadError onRetry={() => void configs.refetch()} />;
  const items = configs.data ?? [];
  return (
    <section id="configs" className="post-configs" aria-labelledby={`post-configs-${postId}`} aria-busy={configs.isPending}>
      <h2 id={`post-configs-${postId}`}>{t('configs.onPost', { count: configs.data ? items.length : count })}</h2>
      <ul>
        {items.map((config) => (
          <li key={config.id}>
            <ConfigCard config={config} />
          </li>
        ))}
      </ul>
    </section>
  );
}
