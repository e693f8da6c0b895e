import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/paths.ts';
import { displayName } from '@/entities/user/avatar.tsx';
import { PullList } from '@/ui/pull-list.tsx';
import { RelativeTime } from '@/ui/relative-time.tsx';
import { useConfigPosts } from '@/features/configs/api/get-config-posts.ts';

/** Every post that carries the configuration, to read what people say about it. */
export function ConfigPosts({ id }: { id: string }) {
  const { t } = useTranslation();
  const posts = useConfigPosts(id);
  return (
    <section className="config-posts" aria-labelledby="config-posts-title">
      <h2 id="config-posts-title">{t('configs.posts.title')}</h2>
      <PullList
        query={posts}
        itemKey={(post) => post.id}
        empty={t('configs.posts.empty')}
        renderItem={(post) => (
          <Link className="config-post" to={paths.post(post.id)}>
            <span className="config-post-author">
              {displayName(post.author, t('common.loggedOutUser'))} · <RelativeTime iso={post.createdAt} />
            </span>
            <span className="config-post-text">{post.content}</span>
          </Link>
        )}
      />
    </section>
  );
}
