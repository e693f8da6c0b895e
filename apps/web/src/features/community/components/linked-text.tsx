import { Link } from 'react-router';
import { paths } from '@/paths.ts';
import { openExternal } from '@/platform/external.ts';

// http(s) links only: anything else stays text. Trailing punctuation is not part of the link.
const URL_PATTERN = /https?:\/\/[^\s<>"'，。！？、）】]+[^\s<>"'，。！？、）】.,;:!?)\]]/iu;
// An @username (contracts' usernameSchema) not right after a letter (not an e-mail address), as the
// server reads mentions (apps/server/src/modules/community/mentions.ts).
const MENTION_PATTERN = /(?<![\w.])@([A-Za-z0-9_.-]{3,32})/u;
const PATTERN = new RegExp(`${URL_PATTERN.source}|${MENTION_PATTERN.source}`, 'giu');

type Part = string | { url: string } | { username: string };

/** The text cut into plain runs, web links and @mentions. */
export function linkParts(text: string): Part[] {
  const parts: Part[] = [];
  let last = 0;
  const push = (part: string) => {
    if (!part) return;
    const previous = parts.at(-1);
    if (typeof previous === 'string') parts[parts.length - 1] = previous + part;
    else parts.push(part);
  };
  for (const match of text.matchAll(PATTERN)) {
    const start = match.index;
    push(text.slice(last, start));
    if (match[1] === undefined) {
      parts.push({ url: match[0] });
      last = start + match[0].length;
      continue;
    }
    // A sentence's full stop after a name is not part of it.
    const username = match[1].replace(/[.-]+$/, '');
    if (username.length < 3) {
      push(match[0]);
    } else {
      parts.push({ username });
      push(match[1].slice(username.length));
    }
    last = start + match[0].length;
  }
  push(text.slice(last));
  return parts;
}

/**
 * User text rendered as text (never HTML), with its web links made clickable and its @mentions
 * opening the profile they name. `lang` is the text's own language when known (a post's), so that
 * it breaks lines the way its readers expect.
 */
export function LinkedText({ text, className, lang }: { text: string; className?: string; lang?: string }) {
  return (
    <p className={className} lang={lang}>
      {linkParts(text).map((part, i) =>
        typeof part === 'string' ? (
          part
        ) : 'username' in part ? (
          <Link key={i} to={paths.profileNamed(part.username)} className="mention">
            @{part.username}
          </Link>
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
