import { Suspense, useEffect, useRef } from 'react';
import { Popup } from './antd.tsx';
import './sheet.css';

export interface SheetAction {
  key: string;
  text: string;
  /** Under the text: what the action does. */
  description?: string;
  danger?: boolean;
}

/**
 * A menu of actions rising from the bottom of the screen (the account menu, a post's "⋯"): real
 * buttons in a list inside a labelled dialog, focus moved into it and given back to what opened it,
 * Escape or the mask to close, and scrolling when taller than the screen. antd-mobile's ActionSheet
 * it replaced drew `role="option"` anchors with no listbox and no keyboard focus (axe: critical).
 */
export function Sheet({ label, actions, cancelText, onAction, onClose }: { label: string; actions: SheetAction[]; cancelText: string; onAction: (action: SheetAction) => void; onClose: () => void }) {
  return (
    <Suspense>
      <Popup visible onMaskClick={onClose} bodyClassName="sheet">
        <SheetBody label={label} actions={actions} cancelText={cancelText} onAction={onAction} onClose={onClose} />
      </Popup>
    </Suspense>
  );
}

function SheetBody({ label, actions, cancelText, onAction, onClose }: Parameters<typeof Sheet>[0]) {
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    first.current?.focus();
    // Back to the button that opened it, unless the action moved focus elsewhere (a new page).
    return () => {
      if (opener?.isConnected && (document.activeElement === document.body || document.activeElement === null)) opener.focus();
    };
  }, []);
  return (
    <div role="dialog" aria-modal="true" aria-label={label} className="sheet-body" onKeyDown={(event) => event.key === 'Escape' && onClose()}>
      <ul className="sheet-list">
        {actions.map((action, index) => (
          <li key={action.key}>
            <button ref={index === 0 ? first : undefined} type="button" className={`sheet-item${action.danger ? ' sheet-item-danger' : ''}`} onClick={() => onAction(action)}>
              <span className="sheet-item-name">{action.text}</span>
              {action.description && <span className="sheet-item-description">{action.description}</span>}
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="sheet-item sheet-cancel" onClick={onClose}>
        {cancelText}
      </button>
    </div>
  );
}
