import { openExternal } from '@/platform/external.ts';

// http(s) links only: anything else stays text. Trailing punctuation is not part of the link.
const URL_PATTERN = /https?:\/\/[^\s<>"'，。！？、）】]+[^\s<>"'，。！？、）】.,;:!?)\]]/giu;

/**
 * User text rendered as text (never HTML), with its web links made clickable. `lang` is the
 * text's own language when known (a post's), so that it breaks lines the way its readers expect.
 */
export function LinkedText({ text, className, lang }: { text: string; className?: string; lang?: string }) {
  const parts: (string | { url: string })[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index ?? 0;
    if (start > last) parts.push(text.slice(last, start));
    parts.push({ url: match[0] });
    last = start + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return (
    <p className={className} lang={lang}>
      {parts.map((part, i) =>
        typeof part === 'string' ? (
          part
        ) : (
          <a
            key={i}
            href={part.url}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            onClick={(event) => {
              event.preventDefault();
              void openExternal(part.url);
            }}
          >
            {part.url}
          </a>
        ),
      )}
    </p>
  );
}
