/**
 * The few pictograms of the app, drawn inline: the WebViews' fonts cannot be trusted with emoji or
 * rare symbols (Debian's Chromium draws the speech balloon as an empty box). Decorative: the
 * button or link around each one carries the words.
 */
const paths = {
  comment: 'M4 5h16v10H9l-4 4v-4H4z',
  search: 'M10.5 4a6.5 6.5 0 1 1 0 13a6.5 6.5 0 0 1 0-13zM15.5 15.5L20 20',
  community: 'M4 6h16v10H10l-4 3v-3H4zM8 10h8M8 13h5',
  mall: 'M6 8h12l-1 12H7zM9 8a3 3 0 0 1 6 0',
  refresh: 'M19 12a7 7 0 1 1-2.05-4.95M19 5v4h-4',
  share: 'M12 4v11M8 8l4-4l4 4M6 12v7h12v-7',
} as const;

export function Icon({ name, size = 20 }: { name: keyof typeof paths; size?: number }) {
  return (
    <svg aria-hidden="true" focusable="false" width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" strokeLinecap="round">
      <path d={paths[name]} />
    </svg>
  );
}
