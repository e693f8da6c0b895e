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
  bell: 'M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15zM10 20.5a2 2 0 0 0 4 0',
  settings: 'M12 9a3 3 0 1 1 0 6a3 3 0 0 1 0-6zM12 3v3M12 18v3M3 12h3M18 12h3M5.6 5.6l2.1 2.1M16.3 16.3l2.1 2.1M5.6 18.4l2.1-2.1M16.3 7.7l2.1-2.1',
  share: 'M12 4v11M8 8l4-4l4 4M6 12v7h12v-7',
} as const;

export function Icon({ name, size = 20 }: { name: keyof typeof paths; size?: number }) {
  return (
    <svg aria-hidden="true" focusable="false" width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" strokeLinecap="round">
      <path d={paths[name]} />
    </svg>
  );
}
