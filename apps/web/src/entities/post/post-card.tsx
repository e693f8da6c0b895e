import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Post, htmlLangTags } from '@padhub/contracts';
import { paths } from '@/paths.ts';
import { displayName } from '@/entities/user/avatar.tsx';
import { Icon } from '@/ui/icons.tsx';
import { usePostReaction } from '@/entities/post/api/toggle-post-reaction.ts';
import { highlightParts } from '@/ui/highlight.ts';
import { AuthorLine } from '@/entities/user/author-line.tsx';
import { ContentMenu } from './content-menu.tsx';
import { MediaThumbnails } from './media-thumbnails.tsx';
import { ReactionButton } from '@/ui/reaction-button.tsx';
import { ReviewBadge } from './review-badge.tsx';
import './post-card.css';

/**
 * A post in a list: author, time, the start of its text, its first pictures, counts and the
 * viewer's like. In search results, `highlight` is the query, whose matches are marked.
 */
/** `first`: the card at the top of its list, whose first picture loads before the others. */
export function PostCard({ post, showReview = false, highlight, first = false }: { post: Post; showReview?: boolean; highlight?: string; first?: boolean }) {
  const { t } = useTranslation();
  const like = usePostReaction(post, 'like');
  const name = displayName(post.author, t('common.loggedOutUser'));
  return (
    <article className="post-card" aria-label={t('community.post.openPost', { name })}>
      <AuthorLine
        user={post.author}
        createdAt={post.createdAt}
        extra={<ContentMenu targetType="post" targetId={post.id} author={post.author} />}
      />
      {/* Below the name, not beside it: a "not passed" badge carries its reason, which may be long. */}
      {showReview && <ReviewBadge post={post} />}
      <Link to={paths.post(post.id)} className="post-card-link">
        {post.content && <p className="post-card-excerpt" lang={htmlLangTags[post.lang]}>{highlight ? <Highlighted text={post.content} query={highlight} /> : post.content}</p>}
        <MediaThumbnails media={post.media} first={first} />
      </Link>
      <div className="post-card-footer">
        <ReactionButton pressed={like.active} label={t('community.post.like')} count={post.likeCount} icon={like.active ? '♥' : '♡'} onToggle={like.toggle} />
        <Link to={paths.post(post.id)} className="tap reaction" aria-label={`${t('community.comment.label')} ${post.commentCount}`}>
          <span className="reaction-icon">
            <Icon name="comment" size={18} />
          </span>
          <span aria-hidden="true">{post.commentCount}</span>
        </Link>
      </div>
    </article>
  );
}

function Highlighted({ text, query }: { text: string; query: string }) {
  return highlightParts(text, query).map((part, i) => (part.hit ? <mark key={i}>{part.text}</mark> : part.text));
}
