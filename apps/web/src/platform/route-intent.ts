/**
 * Loading a page ahead of the tap that opens it. The app sets what "ahead" means once the first
 * screen is done (app/route-preload.ts: the route's code, its strings and its first data); until
 * then, and for pages it does not know, nothing is loaded.
 */
let preload: (path: string) => void = () => undefined;

export function setRoutePreload(run: (path: string) => void) {
  preload = run;
}

/**
 * A link's handlers that start loading where it goes as the person reaches for it: the finger
 * down (a tap's click comes 50–150 ms later), the keyboard's focus, the mouse over it.
 */
export function intentTo(path: string) {
  const go = () => preload(path);
  return { onPointerDown: go, onFocus: go, onMouseEnter: go };
}
