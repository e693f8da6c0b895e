import type { ReactNode } from 'react';
import './reaction-button.css';

/** A toggle with a count: pressed state for assistive technology, 44 px to tap. */
export function ReactionButton({ pressed, label, count, icon, onToggle }: { pressed: boolean; label: string; count: number; icon: ReactNode; onToggle: () => void }) {
  return (
    <button type="button" className={`tap reaction${pressed ? ' reaction-on' : ''}`} aria-pressed={pressed} aria-label={`${label} ${count}`} onClick={onToggle}>
      <span aria-hidden="true" className="reaction-icon">
        {icon}
      </span>
      <span aria-hidden="true">{count}</span>
    </button>
  );
}
