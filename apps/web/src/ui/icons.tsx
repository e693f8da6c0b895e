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
  person: 'M12 4a4 4 0 1 1 0 8a4 4 0 0 1 0-8zM4.5 20a7.5 6 0 0 1 15 0',
  refresh: 'M19 12a7 7 0 1 1-2.05-4.95M19 5v4h-4',
  bell: 'M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15zM10 20.5a2 2 0 0 0 4 0',
  // A gear with eight teeth: the sun-like rays it replaced read as a brightness switch.
  settings: 'M19.4 10.4L21.9 10.6L21.9 13.4L19.4 13.6L18.4 16.1L20 18L18 20L16.1 18.4L13.6 19.4L13.4 21.9L10.6 21.9L10.4 19.4L7.9 18.4L6 20L4 18L5.6 16.1L4.6 13.6L2.1 13.4L2.1 10.6L4.6 10.4L5.6 7.9L4 6L6 4L7.9 5.6L10.4 4.6L10.6 2.1L13.4 2.1L13.6 4.6L16.1 5.6L18 4L20 6L18.4 7.9zM12 9a3 3 0 1 1 0 6a3 3 0 0 1 0-6z',
  share: 'M12 4v11M8 8l4-4l4 4M6 12v7h12v-7',
} as const;

export function Icon({ name, size = 20 }: { name: keyof typeof paths; size?: number }) {
  return (
    <svg aria-hidden="true" focusable="false" width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" strokeLinecap="round">
      <path d={paths[name]} />
    </svg>
  );
}
