import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { createContext, useContext, useEffect } from 'react';

/** The comment a link opened (`?comment=<id>`, from "My comments"): shown highlighted and scrolled to. */
export const FocusedCommentContext = createContext<string | null>(null);

export function useIsFocusedComment(id: string) {
  return useContext(FocusedCommentContext) === id;
}

/** Pages a comment list may load to find the focused comment: beyond them it shows where it is. */
export const MAX_PAGES_TO_FIND = 20;

/** Whether the list must load another page before the focused comment is there to show. */
export function mustLoadMore(loadedIds: readonly string[], focused: string | null, pagesLoaded: number, hasNextPage: boolean): boolean {
  if (!focused || !hasNextPage || loadedIds.includes(focused)) return false;
  return pagesLoaded < MAX_PAGES_TO_FIND;
}

/**
 * Loads further pages of a comment list (oldest first) until the focused comment is among them:
 * a comment of long ago sits pages down.
 */
export function useLoadUntilFocused<P>(query: UseInfiniteQueryResult<InfiniteData<P>>, focused: string | null, idsOf: (page: P) => string[]) {
  const { data, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const ids = data?.pages.flatMap(idsOf) ?? [];
  const more = !isFetchingNextPage && !isFetchNextPageError && mustLoadMore(ids, focused, data?.pages.length ?? 0, hasNextPage);
  useEffect(() => {
    if (more) void fetchNextPage();
  }, [more, fetchNextPage]);
}
