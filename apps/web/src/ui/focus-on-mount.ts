/**
 * A ref that focuses its element once, when it appears: React's autoFocus. Preact only writes the
 * autofocus attribute, which a browser honours for the first such element of a page, not for one
 * added later. Stable (module-level), so it runs on mount only, not on every render.
 */
export const focusOnMount = (element: HTMLElement | null) => element?.focus();
