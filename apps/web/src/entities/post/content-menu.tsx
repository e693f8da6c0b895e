import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '@padhub/contracts';
import { useCurrentUser } from '@/platform/hooks.ts';
import './content-menu.css';

export interface ContentMenuProps {
  /** What the menu is about: someone's post or comment, or the person (their profile). */
  targetType: 'post' | 'comment' | 'user';
  targetId: string;
  author: User;
  /** The actions' names when the defaults ("Block the author") do not fit, as on a profile. */
  labels?: { report: string; block: string; blacklist: string };
  /** After the author was blocked or blacklisted (the detail page leaves a post that is now hidden). */
  onAuthorHidden?: () => void;
  /** On one's own content: "Edit" (the post's composer, or the comment in place). */
  onEdit?: () => void;
}

// Behind a tap: the sheet and what its actions do load when the person reaches for the button.
const loadSheet = () => import('./content-menu-sheet.tsx');
const Sheet = lazy(() => loadSheet().then((m) => ({ default: m.ContentMenuSheet })));
/** "Filtered — tap to show" (filtered.tsx), in the sheet's chunk: a chunk of its own costs the first screen its name (bench/bundle.ts). */
export const Filtered = lazy(() => loadSheet().then((m) => ({ default: m.Filtered })));

/**
 * "More" on someone else's post or comment: report it, block its author, or put them on the
 * blacklist, each list saying in a line what it does. Both ask first and offer Undo after.
 * On one's own content it offers Edit (when `onEdit` is given); deleting has its own button.
 */
export function ContentMenu(props: ContentMenuProps) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const [open, setOpen] = useState(false);
  const own = me?.id === props.author.id;
  if (own && !props.onEdit) return null;
  return (
    <>
      <button
        type="button"
        className="tap content-menu-button"
        aria-haspopup="dialog"
        aria-label={t('community.menu.more')}
        onPointerDown={() => void loadSheet()}
        onClick={() => setOpen(true)}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {open && (
        <Suspense>
          <Sheet {...props} own={own} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
