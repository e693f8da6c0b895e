import { lazy } from 'react';

// Types only: a value re-exported from image-preview.tsx would pull the component (and its
// gestures and styles) into the caller's chunk, and the preview is meant to load when first opened.
;

export const LazyImagePreview = lazy(() => import('./image-preview.tsx').then((m) => ({ default: m.ImagePreview })));
