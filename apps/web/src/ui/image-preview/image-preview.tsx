import { type CSSProperties, type KeyboardEvent, type PointerEvent, useEffect, useEffectEvent, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { imagePreview } from '@padhub/contracts';
import { useFrame } from '@/ui/frame.ts';
import { type GestureEvent, initialGesture, nextDeadline, step } from './gestures.ts';
import './image-preview.css';

interface PreviewImage {
  src: string;
  alt: string;
}

export interface ImagePreviewProps {
  /** Read when the preview opens; to show other images, open it again (or give it a new key). */
  images: PreviewImage[];
  startIndex: number;
  /** A single tap, the close button and Escape ask to close; the owner unmounts the preview. */
  onClose(): void;
  onLongPress?(index: number): void;
}

/**
 * The full-screen image preview (docs/product-spec.md, "Business constants and limits"): swipe between images, pinch and double tap to
 * zoom, tap to close, long press for the owner's actions. Written on Pointer Events rather than
 * taken from antd-mobile's ImageViewer, which brings react-spring and use-gesture to the phone.
 */
export function ImagePreview(props: ImagePreviewProps) {
  return props.images.length > 0 ? <Preview {...props} /> : null;
}

function Preview({ images, startIndex, onClose, onLongPress }: ImagePreviewProps) {
  const { t } = useTranslation();
  const statusBar = useFrame().statusBarHeight;
  const dialog = useRef<HTMLDivElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  // The stage covers the viewport, so the viewport is its size until the observer measures it.
  const [gesture, setGesture] = useState(() => initialGesture({ count: images.length, index: startIndex, stage: { width: innerWidth, height: innerHeight } }));
  const latest = useRef(gesture);
  const [failed, setFailed] = useState<ReadonlySet<number>>(() => new Set());

  // Events arrive faster than React renders: each one steps from the latest state, not the rendered one.
  const send = (event: GestureEvent) => {
    const { state, outputs } = step(latest.current, event);
    latest.current = state;
    setGesture(state);
    for (const output of outputs) {
      if (output.type === 'tap') onClose();
      else onLongPress?.(output.index);
    }
  };

  const onDeadline = useEffectEvent(() => send({ type: 'tick', t: performance.now() }));
  const deadline = nextDeadline(gesture);
  useEffect(() => {
    if (deadline === null) return;
    const timer = setTimeout(() => onDeadline(), Math.max(0, deadline - performance.now()));
    return () => clearTimeout(timer);
  }, [deadline]);

  const onResize = useEffectEvent((width: number, height: number) => send({ type: 'resize', width, height }));
  useEffect(() => {
    const node = stage.current;
    if (!node || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => onResize(node.clientWidth, node.clientHeight));
    observer.observe(node);
    return () => observer.disconnect();
  }, []);

  // Modal: focus moves in and comes back, focus cannot leave, and the page behind does not scroll.
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.current?.focus({ preventScroll: true });
    const keepFocus = (event: FocusEvent) => {
      if (dialog.current && event.target instanceof Node && !dialog.current.contains(event.target)) dialog.current.focus({ preventScroll: true });
    };
    document.addEventListener('focusin', keepFocus);
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('focusin', keepFocus);
      root.style.overflow = overflow;
      previous?.focus({ preventScroll: true });
    };
  }, []);

  const count = images.length;
  const index = Math.min(gesture.index, count - 1);
  const go = (to: number) => send({ type: 'go', index: to });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    } else if (event.key === 'ArrowLeft') go(index - 1);
    else if (event.key === 'ArrowRight') go(index + 1);
    else if (event.key === 'Tab') cycleFocus(event);
  };

  const onPointer = (type: 'down' | 'move' | 'up', event: PointerEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    send({ type, id: event.pointerId, x: event.clientX - rect.left, y: event.clientY - rect.top, t: performance.now() });
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    // Keep receiving the finger's moves when it leaves the stage (over the buttons, off screen).
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // The pointer is already gone: its up or cancel follows.
    }
    onPointer('down', event);
  };

  const { scale, offset, dragX, animate } = gesture;
  const loading = gesture.sizes[index] === undefined && !failed.has(index);
  const motion = animate ? ' is-animated' : '';

  return createPortal(
    <div
      ref={dialog}
      className="image-preview"
      role="dialog"
      aria-modal="true"
      aria-label={t('preview.title')}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      style={{ '--image-preview-duration': `${imagePreview.swipeDurationMs}ms` } as CSSProperties}
    >
      <div
        ref={stage}
        className="image-preview-stage"
        onPointerDown={onPointerDown}
        onPointerMove={(event) => onPointer('move', event)}
        onPointerUp={(event) => onPointer('up', event)}
        onPointerCancel={(event) => send({ type: 'cancel', id: event.pointerId })}
        // The long press is ours: no context menu, no "save image" sheet.
        onContextMenu={(event) => event.preventDefault()}
      >
        <div className={`image-preview-track${motion}`} style={{ transform: `translate3d(calc(${-index * 100}% + ${dragX}px), 0, 0)` }}>
          {images.map((image, i) => (
            <div key={`${i}:${image.src}`} className="image-preview-slide" aria-hidden={i !== index || undefined}>
              {/* The current image and its neighbours, so that a swipe shows them at once. */}
              {Math.abs(i - index) <= 1 && (
                <img
                  src={image.src}
                  alt={image.alt}
                  decoding="async"
                  draggable={false}
                  className={`image-preview-image${i === index ? motion : ''}`}
                  style={i === index ? { transform: `translate3d(${offset.x}px, ${offset.y}px, 0) scale(${scale})` } : undefined}
                  onLoad={(event) => send({ type: 'loaded', index: i, width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })}
                  onError={() => setFailed((set) => new Set(set).add(i))}
                />
              )}
            </div>
          ))}
        </div>
        {loading && (
          <div className="image-preview-loading" role="status">
            <span className="image-preview-spinner" aria-hidden="true" />
            <span className="visually-hidden">{t('common.loading')}</span>
          </div>
        )}
      </div>
      <div className="image-preview-bar" style={{ paddingTop: statusBar }}>
        <p className="image-preview-counter" aria-live="polite">
          {t('preview.counter', { index: index + 1, total: count })}
        </p>
        <button type="button" className="tap image-preview-close" aria-label={t('preview.close')} onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      {count > 1 && (
        <>
          {/* aria-disabled rather than disabled: a disabled button drops the focus it holds. */}
          <NavButton side="previous" label={t('preview.previous')} disabled={index === 0} onClick={() => go(index - 1)} />
          <NavButton side="next" label={t('preview.next')} disabled={index === count - 1} onClick={() => go(index + 1)} />
        </>
      )}
    </div>,
    document.body,
  );
}

function NavButton({ side, label, disabled, onClick }: { side: 'previous' | 'next'; label: string; disabled: boolean; onClick(): void }) {
  return (
    <button type="button" className={`tap image-preview-nav image-preview-${side}`} aria-label={label} aria-disabled={disabled} onClick={disabled ? undefined : onClick}>
      <span aria-hidden="true">{side === 'previous' ? '‹' : '›'}</span>
    </button>
  );
}

/** Tab and Shift+Tab go round the dialog's controls instead of leaving it. */
function cycleFocus(event: KeyboardEvent<HTMLDivElement>) {
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>('button, [href], input, [tabindex]:not([tabindex="-1"])')];
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === event.currentTarget)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}
