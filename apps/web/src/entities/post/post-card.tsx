import { MaybeFiltered } from './lazy-filtered.tsx';
import { type ReactNode, memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { type Post, htmlLangTags } from '@padhub/contracts';
import { paths } from '@/paths.ts';
import { displayName } from '@/entities/user/avatar.tsx';
import { Icon } from '@/ui/icons.tsx';
import { usePostReaction } from '@/entities/post/api/toggle-post-reaction.ts';
import { highlightParts } from '@/ui/highlight.ts';
import { AuthorLine } from '@/entities/user/author-line.tsx';
import { ContentMenu } from './content-menu.tsx';
import { CardMedia } from './card-media.tsx';
import { MediaThumbnails } from './media-thumbnails.tsx';
import { inlineVideoOf } from './video-streams.ts';
import { ReactionButton } from '@/ui/reaction-button.tsx';
import { useSession } from '@/platform/session.ts';
import { useModelName } from '@/entities/configuration/model-name.ts';
import './post-card.css';

/**
 * A post in a list: author, time, the start of its text, its first pictures, counts and the
 * viewer's like. In search results, `highlight` is the query, whose matches are marked. `review`
 * is what the author's own list shows under the name (the review status: review-badge.tsx), given
 * by that list so the feed's first screen does not carry it.
 */
/** `first`: the list's lead card (the first with a picture), whose first picture loads before the others. */
// Kept as it is while its list re-renders around it (a query's flags, the session): a post the
// cache gives again is the same object (TanStack Query keeps unchanged data's identity).
export const PostCard = memo(function PostCard({ post, review, highlight, first = false }: { post: Post; review?: ReactNode; highlight?: string; first?: boolean }) {
  const { t } = useTranslation();
  const like = usePostReaction(post, 'like');
  const navigate = useNavigate();
  const name = displayName(post.author, t('common.loggedOutUser'));
  const interfaceLang = useSession((s) => s.lang);
  const video = inlineVideoOf(post.media);
  return (
    <article className="post-card" aria-label={t('community.post.openPost', { name })}>
      <MaybeFiltered titles={post.filtered}>
        <AuthorLine
          user={post.author}
          createdAt={post.createdAt}
          editedAt={post.editedAt}
          extra={<ContentMenu targetType="post" targetId={post.id} author={post.author} onEdit={() => void navigate(paths.editPost(post.id))} />}
        />
        {/* Below the name, not beside it: a "not passed" badge carries its reason, which may be long. */}
        {review}
        <Link to={paths.post(post.id)} className="post-card-link">
          {post.content && <p className="post-card-excerpt" lang={htmlLangTags[post.lang]}>{highlight ? <Highlighted text={post.content} query={highlight} /> : post.content}</p>}
          {!video && <MediaThumbnails media={post.media} first={first} />}
        </Link>
        {video && <CardMedia post={post} video={video} first={first} />}
        {(post.configs.length > 0 || post.lang !== interfaceLang) && (
          <p className="post-card-marks">
            {post.configs.length > 0 && <ConfigsBadge post={post} />}
            {post.lang !== interfaceLang && <span className="post-card-lang">{t(`community.feed.langMarks.${post.lang}`)}</span>}
          </p>
        )}
        <div className="post-card-footer">
          <ReactionButton pressed={like.active} label={t('community.post.like')} count={post.likeCount} icon={like.active ? '♥' : '♡'} onToggle={like.toggle} />
          <Link to={paths.post(post.id)} className="tap reaction" aria-label={`${t('community.comment.label')} ${post.commentCount}`}>
            <span className="reaction-icon">
              <Icon name="comment" size={18} />
            </span>
            <span aria-hidden="true">{post.commentCount}</span>
          </Link>
        </div>
      </MaybeFiltered>
    </article>
  );
});

/** What configurations the post carries; one opens directly, several open on the post, where they are listed. */
function ConfigsBadge({ post }: { post: Post }) {
  const { t } = useTranslation();
  const modelName = useModelName();
  const count = t('community.feed.configBadge', { count: post.configs.length });
  const kinds = post.configKinds.map((kind) => t(`community.feed.configKinds.${kind}`)).join(' + ');
  return (
    <Link className="post-card-configs" to={post.configs.length === 1 ? paths.configuration(post.configs[0]!) : `${paths.post(post.id)}#configs`}>
      {post.configKinds.map((kind) => (
        <span key={kind} className={`post-card-kind ${kind}`} aria-hidden="true" />
      ))}
      {[kinds, count, post.model && modelName(post.model)].filter(Boolean).join(' · ')}
    </Link>
  );
}

function Highlighted({ text, query }: { text: string; query: string }) {
  return highlightParts(text, query).map((part, i) => (part.hit ? <mark key={i}>{part.text}</mark> : part.text));
}
