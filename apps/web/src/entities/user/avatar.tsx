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
  const src = user.avatar ? mediaUrl(user.avatar) : undefined;
  return (
    <span className="avatar" style={{ width: size, height: size, fontSize: size * 0.45 }} aria-hidden="true">
      {src ? <img src={now ? src : undefined} alt="" width={size} height={size} loading="lazy" /> : (name[0] ?? '·').toUpperCase()}
    </span>
  );
}

/** The name shown for a person; a deregistered account has none (its label is translated by the caller). */
export function displayName(user: User, deregisteredLabel: string) {
  return user.nickname || user.username || deregisteredLabel;
}
