import { useEffect, useState } from 'react';
import './snackbar.css';

interface Shown {
  id: number;
  text: string;
  action: { label: string; onPress: () => void };
}

// One snackbar at a time, shown by whoever calls showSnackbar: the caller may be gone (its list
// refreshed it away) by the time the person taps the action.
let listener: ((shown: Shown | null) => void) | null = null;
let nextId = 0;

/**
 * A short message with one action (Undo), in the app's own tree: antd-mobile's toast hides its
 * content from assistive technology (its mask is aria-hidden), which no button may sit in.
 */
export function showSnackbar(text: string, action: Shown['action']) {
  listener?.({ id: ++nextId, text, action });
}

const SHOWN_FOR_MS = 6000;

/** Mounted once, at the root of the app. */
export function Snackbar() {
  const [shown, setShown] = useState<Shown | null>(null);
  useEffect(() => {
    listener = setShown;
    return () => {
      listener = null;
    };
  }, []);
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setShown(null), SHOWN_FOR_MS);
    return () => clearTimeout(timer);
  }, [shown]);
  return (
    <div className="snackbar-slot" role="status">
      {shown && (
        <div className="snackbar" key={shown.id}>
          <span>{shown.text}</span>
          <button
            type="button"
            className="tap snackbar-action"
            onClick={() => {
              setShown(null);
              shown.action.onPress();
            }}
          >
            {shown.action.label}
          </button>
        </div>
      )}
    </div>
  );
}
