/** Build-time configuration of the web app. The API lives at the same origin unless told otherwise. */
export const apiBase: string = (import.meta.env.VITE_API_BASE as string | undefined) ?? '/api';
export const appVersion: string = (import.meta.env.VITE_APP_VERSION as string | undefined) ?? '0.1.0';
