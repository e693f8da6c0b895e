import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type AuthorHiddenData, authorHiddenDataSchema } from '@padhub/contracts';
import { ApiError } from '@/platform/api/client.ts';
import { toast } from '@/ui/antd.tsx';
import { reportFailure } from '@/entities/session/report-failure.ts';
import { useUnlistAuthor } from '@/entities/user/api/list-author.ts';
import { Avatar, displayName } from '@/entities/user/avatar.tsx';
import './hidden-post.css';

/** Whom the viewer's own list hides this post's author behind, when the server answered that; else null. */
export function hiddenByViewer(error: unknown): AuthorHiddenData | null {
  if (!(error instanceof ApiError) || !error.is('author_hidden_by_you')) return null;
  return authorHiddenDataSchema.safeParse(error.body.data).data ?? null;
}

/**
 * A post the person would see but for their own block or blacklist of its author (opened from a
 * link, a notification, a configuration): says so, and offers to take the author off the list,
 * after which the post appears in place.
 */
function HiddenPost({ hidden }: { hidden: AuthorHiddenData }) {
  const { t } = useTranslation();
  const unlist = useUnlistAuthor();
  const name = displayName(hidden.author, t('common.loggedOutUser'));
  const blocked = hidden.list === 'block';
  // Awaited, not a callback of mutate: the post appears in place, and this part goes with it.
  const unblock = async () => {
    try {
      await unlist.mutateAsync({ list: blocked ? 'blocks' : 'blacklist', userId: hidden.author.id });
    } catch (error) {
      reportFailure(error);
      return;
    }
    void toast(t(blocked ? 'community.hidden.unblocked' : 'community.hidden.removed'));
  };
  return (
    <section className="hidden-post" aria-labelledby="hidden-post-text">
      <Avatar user={hidden.author} />
      <p id="hidden-post-text">{t(blocked ? 'community.hidden.blocked' : 'community.hidden.blacklisted', { name })}</p>
      <button
        type="button"
        className="tap hidden-post-action"
        disabled={unlist.isPending}
        onClick={() => void unblock()}
      >
        {t(blocked ? 'community.hidden.unblock' : 'community.hidden.removeFromBlacklist', { name })}
      </button>
    </section>
  );
}

/**
 * The page's part for an `author_hidden_by_you` answer; `otherwise` when the answer lacks its data.
 * The post page loads this module only on that answer: its schema brings zod with it.
 */
export function AuthorHiddenPost({ error, otherwise }: { error: unknown; otherwise: ReactNode }) {
  const hidden = hiddenByViewer(error);
  return hidden ? <HiddenPost hidden={hidden} /> : otherwise;
}
