/**
 * The page's side of bench/taps.ts: a finger's tap, the timer it arms in the page, and the
 * expressions that say a tap's content is on screen, checked in the page at every DOM change and frame.
 */
import type { Locator, Page } from '@playwright/test';

/** A finger's tap: down, held as a finger holds it (about 100 ms), up; the click follows the up. */
export const TAP_MS = 100;
export async function press(page: Page, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error('nothing to tap');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await new Promise((resolve) => setTimeout(resolve, TAP_MS));
  await page.mouse.up();
}

// In the page: arms a timer that starts at the next input event and stops when `done` holds.
// A string, not a function: the bench's TypeScript has no DOM, and the page evaluates it as is.
export const ARM = `(() => {
  window.__tap = { start: null, end: null };
  const note = (event) => { if (window.__tap.start === null) window.__tap.start = event.timeStamp; };
  for (const type of ['pointerdown', 'mousedown', 'touchstart', 'keydown', 'input', 'change', 'click']) {
    window.addEventListener(type, note, { capture: true, once: true });
  }
})()`;

/**
 * Waits in the page until `predicate` (an expression) holds, checked at every DOM change and frame;
 * answers the value of `answer` then. Evaluated as a whole through the debugging protocol: the
 * page's Content-Security-Policy (rightly) refuses the string evaluation of waitForFunction.
 */
export async function waitIn(page: Page, predicate: string, answer = 'true'): Promise<unknown> {
  return page.evaluate(`new Promise((resolve, reject) => {
    const observer = new MutationObserver(() => check());
    const timer = setTimeout(() => (observer.disconnect(), reject(new Error('not shown in 20 s: ' + ${JSON.stringify(predicate)}))), 20000);
    const check = () => {
      if (!(${predicate})) return false;
      observer.disconnect();
      clearTimeout(timer);
      resolve(${answer});
      return true;
    };
    const frame = () => check() || requestAnimationFrame(frame);
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    frame();
  })`);
}

/** Waits until `predicate` holds after the armed tap; answers the milliseconds from the tap's first input event. */
export async function until(page: Page, predicate: string): Promise<number> {
  return Number(await waitIn(page, `window.__tap.start !== null && (${predicate})`, 'performance.now() - window.__tap.start'));
}

// A list's content as the person sees it: the visible list's first links, or its empty message.
const visibleList = (label: string) =>
  `[...document.querySelectorAll('ul.pull-list[aria-label="${label}"]')].find((l) => l.checkVisibility())`;
// The first three items' links: the feed draws its later items once the page is idle (ui/later.tsx).
export const listSignature = (label: string) =>
  `([...(${visibleList(label)}?.querySelectorAll(':scope > li:nth-child(-n+3)') ?? [])].map((li) => li.querySelector('a')?.getAttribute('href')).join(' '))`;
/** The list shows something other than it did (`before`), and nothing is drawn as loading. */
export const listChanged = (label: string, before: string) => `${listSignature(label)} !== ${JSON.stringify(before)} && ${listSignature(label)} !== ''`;
/** A page at `pathname` shows its content: a list, or a message that it is empty, and no skeleton. */
export const pageShown = (pathname: string) =>
  `location.pathname === ${JSON.stringify(`/app${pathname}`)} && !document.querySelector('.skeleton-list, p.load-state[role=status]') &&
   [...document.querySelectorAll('.page-content ul.pull-list, .page-content p.load-state, .page-content .console-card')].some((e) => e.checkVisibility())`;
