import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

const firstScreen = (id: string) =>
  /node_modules\/(@tanstack|i18next|react-i18next|use-sync-external-store|react\/)|vite\/preload-helper/.test(id) ||
  /src\/(ui\/(load-state|page|pull-list|pull-to-refresh|tab-bar|icons|relative-time|reaction-button|skeleton|highlight|text-lang)|entities\/(post\/(post-card|keys|review-badge|media-thumbnails|api)|user(?!\/mention-suggest)|session)|platform\/(hooks|organisation|session|api|after-first-screen)|features\/community\/(api(?!\/create-comment)|pages\/community-page|components\/(feed-filters|language-switch))|entities\/notification\/notification-bell|entities\/goods\/keys)/.test(id) ||
  /packages\/contracts\/src\/errors/.test(id);
// What the post page (a shared link or a push lands there) needs for its first screen beside its
// own chunk, shared with the replies and configuration pages: one file instead of nine
// (docs/first-screen.md). The page module stays out: the server's modulepreload links
// (apps/server/src/modules/web/first-screen.ts) find the page's code by its manifest entry.
const postPage = (id: string) =>
  /src\/(features\/community\/(pages\/post-detail-page\.css|components\/(media-grid|lazy-comment-box|grow-to-fit|comment-item|comment-editor|linked-text|focused-comment|comments\.css))|entities\/configuration\/(post-configs|api\/get-post-configs|config-card|origin-line|keys)|platform\/(external|comment-drafts)|ui\/image-preview\/index)/.test(id);
// The same for the Mall: its goods cards, prices and stock labels, shared with the goods page.
const mallPage = (id: string) =>
  /src\/(features\/shop\/(components\/category-bar|api\/(get-goods-list|get-categories))|entities\/goods\/(goods-card|price|stock-label)|ui\/money)/.test(id);

export default defineConfig({
  base: '/app/',
  // React's own JSX transform, and fast refresh in development (an edit keeps the page's state).
  plugins: [react(), precompress()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    target: 'es2020',
    // The phone downloads what the first page needs; the rest comes with the page that needs it.
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
    manifest: true,
    rolldownOptions: {
      // Query's "use client" marks are for server components, which this app has none of.
      onLog(level, log, handler) {
        if (log.code !== 'MODULE_LEVEL_DIRECTIVE') handler(level, log);
      },
      output: {
        codeSplitting: {
          // The code the landing pages (community, post detail) share with the shell comes in one
          // file instead of some thirty small ones: each is a request on a slow phone network. The
          // community page (the home) and the header parts it shares with the mall and search are in
          // it too: as chunks of their own they were five more requests before the first post.
          groups: [
            { name: 'first-screen', test: firstScreen },
            { name: 'post-page', test: postPage },
            { name: 'mall-page', test: mallPage },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080', '/storage': 'http://127.0.0.1:8080' },
  },
});
