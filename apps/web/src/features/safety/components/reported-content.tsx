import { useTranslation } from 'react-i18next';
import { type Lang, type Media, type ReportTargetType, type User, htmlLangTags } from '@padhub/contracts';
import { AuthorLine } from '@/entities/user/author-line.tsx';
import { MediaThumbnails } from '@/entities/post/media-thumbnails.tsx';
import { usePost } from '@/entities/post/api/get-post.ts';
import { useComment } from '@/entities/comment/api/get-comment.ts';

/** How much of the reported text is shown: enough to recognise it, not to reread it. */
const EXCERPT = 140;

/**
 * What is being reported, above the form: its author, the start of its text and its first
 * picture, so the reporter sees they report the right thing. People are reported from their
 * profile, which the page comes from: nothing is shown for them.
 */
export function ReportedContent({ targetType, targetId, labelledBy }: { targetType: ReportTargetType; targetId: string; labelledBy: string }) {
  if (targetType === 'post') return <ReportedPost id={targetId} labelledBy={labelledBy} />;
  if (targetType === 'comment') return <ReportedComment id={targetId} labelledBy={labelledBy} />;
  return null;
}

function ReportedPost({ id, labelledBy }: { id: string; labelledBy: string }) {
  const post = usePost(id);
  if (post.isPending) return <Preview labelledBy={labelledBy} busy />;
  if (!post.data) return <Preview labelledBy={labelledBy} gone />;
  const { author, createdAt, content, lang, media } = post.data;
  return <Preview labelledBy={labelledBy} author={author} createdAt={createdAt} text={content} lang={lang} media={media} />;
}

function ReportedComment({ id, labelledBy }: { id: string; labelledBy: string }) {
  const comment = useComment(id);
  if (comment.isPending) return <Preview labelledBy={labelledBy} busy />;
  if (!comment.data?.author) return <Preview labelledBy={labelledBy} gone />;
  const { author, createdAt, content } = comment.data;
  return <Preview labelledBy={labelledBy} author={author} createdAt={createdAt} text={content} />;
}

interface PreviewProps {
  labelledBy: string;
  busy?: boolean;
  gone?: boolean;
  author?: User;
  createdAt?: string;
  text?: string;
  lang?: Lang;
  media?: Media[];
}

function Preview({ labelledBy, busy, gone, author, createdAt, text = '', lang, media = [] }: PreviewProps) {
  const { t } = useTranslation();
  const cut = text.length > EXCERPT ? `${text.slice(0, EXCERPT)}…` : text;
  return (
    <figure className="reported" aria-labelledby={labelledBy} aria-busy={busy || undefined}>
      {gone && <p className="reported-gone">{t('safety.reports.gone')}</p>}
      {author && createdAt && <AuthorLine user={author} createdAt={createdAt} />}
      {cut && (
        <blockquote className="reported-text" lang={lang && htmlLangTags[lang]}>
          {cut}
        </blockquote>
      )}
      {media.length > 0 && <MediaThumbnails media={media.slice(0, 1)} />}
    </figure>
  );
}
