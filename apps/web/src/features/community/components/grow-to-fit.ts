/**
 * The comment box grows with what is typed (up to its max-height, then it scrolls), and never cuts
 * its placeholder off: in a wider font or a narrower phone it takes a second line rather than half
 * of one. Called after each render that changed the text or the placeholder.
 */
export function growToFit(element: HTMLTextAreaElement | null) {
  if (!element) return;
  element.style.height = 'auto';
  element.style.height = `${element.scrollHeight + element.offsetHeight - element.clientHeight}px`;
}
