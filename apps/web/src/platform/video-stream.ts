/**
 * Plays a processed video (docs/video.md) in a `<video>` element: its HLS ladder where the platform
 * plays HLS itself (WKWebView, Safari), through hls.js where it has Media Source Extensions
 * (Chromium, Android WebView), else its MP4. hls.js (about 100 KB gzip) is loaded only here, when
 * a person starts a video that has a ladder on a platform without native HLS: never on the first
 * screen. Answers a function that detaches what it attached.
 */
export async function attachStream(element: HTMLVideoElement, urls: { mp4: string; hls?: string }): Promise<() => void> {
  if (urls.hls && element.canPlayType('application/vnd.apple.mpegurl') !== '') {
    element.src = urls.hls;
    return () => element.removeAttribute('src');
  }
  if (urls.hls && typeof window.MediaSource === 'function') {
    const { default: Hls } = await import('hls.js/light');
    if (Hls.isSupported()) {
      // The page's Content-Security-Policy has no blob: workers; hls.js demuxes on the page instead.
      const hls = new Hls({ enableWorker: false, capLevelToPlayerSize: true });
      hls.on(Hls.Events.ERROR, (_event, data) => {
        // A ladder that cannot be read at all: the MP4 plays instead.
        if (data.fatal) {
          hls.destroy();
          element.src = urls.mp4;
          void element.play().catch(() => undefined);
        }
      });
      hls.loadSource(urls.hls);
      hls.attachMedia(element);
      return () => hls.destroy();
    }
  }
  element.src = urls.mp4;
  return () => element.removeAttribute('src');
}
