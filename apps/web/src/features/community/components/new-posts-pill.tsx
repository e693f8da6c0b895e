import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LiveTopic, useLiveEvent, useLiveTopic } from '@/platform/live.ts';

/**
 * "N new posts": the feed on screen hears of posts that arrived since it loaded (the live stream's
 * `posts` events) and says so instead of inserting them, so the list never moves under a reader's
 * finger. A tap goes to the top and loads them.
 */
export function NewPostsPill({ topic, onLoad }: { topic: LiveTopic; onLoad: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const [count, setCount] = useState(0);
  const button = useRef<HTMLButtonElement>(null);
  // Another feed (language, model, tab) counts from nothing.
  const key = JSON.stringify(topic);
  const [counted, setCounted] = useState(key);
  if (counted !== key) {
    setCounted(key);
    setCount(0);
  }
  useLiveTopic(topic);
  useLiveEvent(
    'posts',
    useCallback((data) => setCount((n) => n + data.count), []),
  );
  if (count === 0) return null;
  return (
    <button
      ref={button}
      type="button"
      className="new-posts-pill tap"
      onClick={() => {
        setCount(0);
        button.current?.closest('.page-content')?.scrollTo({ top: 0 });
        void onLoad();
      }}
    >
      {t('community.feed.newPosts', { count })}
    </button>
  );
}
