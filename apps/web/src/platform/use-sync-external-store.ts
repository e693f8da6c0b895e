/**
 * What `use-sync-external-store/shim` gives, from React itself: react-i18next imports the shim for
 * React before 18, and with React 19 its code only ships a second copy of the hook to every first
 * render (0.7 KB; vite.config.ts points the shim here).
 */
export { useSyncExternalStore } from 'react';
