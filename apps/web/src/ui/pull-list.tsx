import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { type ReactNode, useDeferredValue, useEffect, useRef } from 'react';
import type { Page } from '@padhub/contracts';
import { Later } from './later.tsx';
import { Empty, ListEnd, LoadError } from './load-state.tsx';
import { PullToRefresh } from './pull-to-refresh.tsx';
import { type SkeletonKind, SkeletonList } from './skeleton.tsx';
import './pull-list.css';

export interface PullListProps<T> {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  /** `index`: the item's place in the whole list (0 is the first on screen). */
  renderItem: (item: T, index: number) => ReactNode;
  itemKey: (item: T) => string;
  /** Pull to refresh; without it the list does not refresh by pulling. */
  onRefresh?: () => Promise<unknown>;
  empty?: string;
  /** What the person can do about an empty list, shown under its message. */
  emptyAction?: ReactNode;
  label?: string;
  /** The shape of the cards drawn while the first page loads (and under the list while the next one does). */
  skeleton?: SkeletonKind;
  /** Why a page could not load, in words, when the list's errors can say more than "request failed". */
  describeError?: (error: unknown) => string | undefined;
  /**
   * How many items fill a phone's first screen: on a page drawn by the server, the others come
   * alive after them, once the page is idle or the person scrolls or taps (ui/later.tsx).
   */
  onScreen?: number;
}

/**
 * A list that pages endlessly (loads the next page as its end comes into view), refreshes by
 * pulling down, and shows the spec's states: loading, "request failed, click to reload", "no more items".
 */
export function PullList<T>({ query, renderItem, itemKey, onRefresh, empty, emptyAction, label, skeleton = 'card', describeError, onScreen = Infinity }: PullListProps<T>) {
  const sentinel = useRef<HTMLDivElement>(null);
  // `previous`: the last filter's list, kept on screen while this one's first page loads (placeholderData).
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage, isPlaceholderData: previous } = query;
  const items = distinct(query.data?.pages.flatMap((page) => page.items) ?? [], itemKey);
  // Another first screen (another filter's list, newer posts on top): it is drawn at once, the items
  // below it in the next, deferred render (a transition), so that a tap shows its content in one
  // short task rather than after rendering the whole page of cards.
  const top = items.slice(0, onScreen).map(itemKey).join();
  // Only a list longer than its first screen has items to leave to the next render.
  const cut = useDeferredValue(top) !== top && items.length > onScreen;

  useEffect(() => {
    const node = sentinel.current;
    // Cut short, the list's end is near the top: it is not the end the person scrolled to.
    if (!node || !hasNextPage || isFetchingNextPage || isFetchNextPageError || previous || cut) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void fetchNextPage();
      },
      { root: node.closest('.page-content'), rootMargin: '400px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage, previous, cut]);

  // An empty list kept from the last filter would say "nothing here" of one not yet asked.
  if (query.isPending || (previous && items.length === 0)) return <SkeletonList kind={skeleton} label={label} />;
  if (query.isError && !query.data) return <LoadError onRetry={() => void query.refetch()} reason={describeError?.(query.error)} />;

  const list = (
    <>
      {items.length === 0 ? (
        <>
          <Empty text={empty} />
          {emptyAction}
        </>
      ) : (
        <ul className={previous ? 'pull-list pull-list-previous' : 'pull-list'} aria-label={label} aria-busy={query.isFetching}>
          {items.slice(0, onScreen).map((item, index) => (
            <li key={itemKey(item)}>{renderItem(item, index)}</li>
          ))}
          {items.length > onScreen && !cut && (
            <Later>
              {items.slice(onScreen).map((item, index) => (
                <li key={itemKey(item)}>{renderItem(item, onScreen + index)}</li>
              ))}
            </Later>
          )}
        </ul>
      )}
      {isFetchNextPageError ? (
        <LoadError onRetry={() => void fetchNextPage()} reason={describeError?.(query.error)} />
      ) : isFetchingNextPage ? (
        <SkeletonList kind={skeleton} count={1} />
      ) : !hasNextPage && items.length > 0 ? (
        <ListEnd />
      ) : null}
      <div ref={sentinel} className="pull-list-sentinel" aria-hidden="true" />
    </>
  );
  return onRefresh ? <PullToRefresh onRefresh={onRefresh}>{list}</PullToRefresh> : list;
}

/**
 * Lists ordered by something that moves (popularity) can bring an item back on a later page;
 * it is shown once, where it first came.
 */
export function distinct<T>(items: T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
