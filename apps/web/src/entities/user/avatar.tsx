import type { User } from '@padhub/contracts';
import { useFirstScreenDone } from '@/platform/after-first-screen.ts';
import { useMediaUrl } from '@/platform/organisation.ts';
import './avatar.css';

/**
 * A person's picture, or the first letter of their name; decorative beside the name it goes with.
 * The picture waits until the first screen is done: the lead picture comes first.
 */
export function Avatar({ user, size = 36 }: { user: User; size?: number }) {
  const mediaUrl = useMediaUrl();
  const name = user.nickname || user.username;
  const now = useFirstScreenDone();
  const src = user.avatar ? mediaUrl(sized(user.avatar, size)) : undefined;
  return (
    <span className="avatar" style={{ width: size, height: size, fontSize: size * 0.45 }} aria-hidden="true">
      {src ? <img src={now ? src : undefined} alt="" width={size} height={size} loading="lazy" /> : (name[0] ?? '·').toUpperCase()}
    </span>
  );
}

/**
 * An avatar the server cropped names its 256 px square (`t/<upload>.w256.webp`); beside a name
 * (up to 48 px, 96 on a sharp screen) its 96 px square is enough. A link elsewhere stays as it is.
 */
function sized(avatar: string, size: number) {
  return size <= 48 ? avatar.replace(/\.w256\.webp$/, '.w96.webp') : avatar;
}

/** The name shown for a person; a deregistered account has none (its label is translated by the caller). */
export function displayName(user: User, deregisteredLabel: string) {
  return user.nickname || user.username || deregisteredLabel;
}
