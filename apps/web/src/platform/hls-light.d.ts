// hls.js's "light" build (no subtitles, no DRM) is the same class as the full one, which carries the types.
declare module 'hls.js/light' {
  export { default } from 'hls.js';
}
