import { useTranslation } from 'react-i18next';
import { limits } from '@padhub/contracts';
import { useFrame } from './frame.ts';
import './skeleton.css';

/**
 * The shapes of the lists' cards, drawn before their data: `post` a post card (author, text,
 * footer), `goods` a goods card (picture, name, price), `comment` a comment, `card` a console or
 * account card of a few lines. Each has the height of its real card with a short text, so the
 * page does not jump when the data arrives.
 */
export type SkeletonKind = 'post' | 'goods' | 'comment' | 'card';

const COUNT: Record<SkeletonKind, number> = { post: 4, goods: 6, comment: 5, card: 5 };

export function SkeletonList({ kind, label, count = COUNT[kind] }: { kind: SkeletonKind; label?: string; count?: number }) {
  const { t } = useTranslation();
  return (
    <div className={`skeleton-list skeleton-list-${kind}`} role="status" aria-label={label}>
      <span className="visually-hidden">{t('common.loading')}</span>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={`skeleton skeleton-${kind}`} aria-hidden="true">
          {kind === 'goods' ? (
            <>
              <span className="skeleton-block skeleton-picture" />
              <span className="skeleton-lines">
                <span className="skeleton-block skeleton-line" />
                <span className="skeleton-block skeleton-line skeleton-short" />
                <span className="skeleton-block skeleton-line skeleton-price" />
              </span>
            </>
          ) : (
            <>
              {kind !== 'card' && (
                <span className="skeleton-head">
                  <span className="skeleton-block skeleton-avatar" />
                  <span className="skeleton-block skeleton-line skeleton-name" />
                </span>
              )}
              <span className="skeleton-block skeleton-line" />
              <span className="skeleton-block skeleton-line skeleton-short" />
              {kind !== 'comment' && <span className="skeleton-foot" />}
            </>
          )}
        </div>
      ))}
    </div>
  );
}

/**
 * A page while its code loads: the frame's status bar and header at their real heights, then
 * cards, so the page that replaces it does not move what was already drawn.
 */
export function PageSkeleton({ kind = 'card' }: { kind?: SkeletonKind }) {
  const statusBar = useFrame().statusBarHeight;
  return (
    <div className="page" style={{ paddingTop: statusBar }}>
      <div className="page-header" style={{ height: limits.headerHeight }} />
      <SkeletonList kind={kind} />
    </div>
  );
}
