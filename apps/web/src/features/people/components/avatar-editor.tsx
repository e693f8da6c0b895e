import { type KeyboardEvent, type PointerEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AVATAR_CROP_MIN } from '@padhub/contracts';
import { useSession } from '@/platform/session.ts';
import { useRemoveAvatar, useSetAvatar } from '@/features/people/api/set-avatar.ts';
import './avatar-editor.css';

/** The square shown while cropping, in CSS pixels. */
const VIEW = 240;
/** How far an arrow key moves the picture, in CSS pixels of the square. */
const STEP = 12;
const ZOOM_STEP = 0.25;

interface Size {
  width: number;
  height: number;
}

const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);

/**
 * The square kept of a picture of `size` at `zoom` (1: as large as the picture's short side),
 * centred as near `centre` as the edges allow, in whole pixels of the upright picture (a browser
 * shows an image turned by its EXIF orientation, as the server reads it).
 */
export function cropOf(size: Size, zoom: number, centre: { x: number; y: number }) {
  const side = Math.max(1, Math.floor(Math.min(size.width, size.height) / zoom));
  const x = Math.round(clamp(centre.x - side / 2, 0, size.width - side));
  const y = Math.round(clamp(centre.y - side / 2, 0, size.height - side));
  return { x, y, size: side };
}

/**
 * Choosing a new avatar on one's own profile: a picture from the device, moved in a square by
 * dragging or the arrow keys and zoomed by a slider (or + and −), then saved. Loaded only when
 * opened (ProfileHeader's lazy import): nothing of it is on the first screen.
 */
export default function AvatarEditor({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const save = useSetAvatar();
  const remove = useRemoveAvatar();
  const hasAvatar = useSession((s) => Boolean(s.user?.avatar));
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [size, setSize] = useState<Size | null>(null);
  const [zoom, setZoom] = useState(1);
  const [centre, setCentre] = useState({ x: 0, y: 0 });
  const [problem, setProblem] = useState(false);
  const drag = useRef<{ x: number; y: number } | null>(null);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);

  const zoomMax = size ? Math.max(1, Math.min(4, Math.min(size.width, size.height) / AVATAR_CROP_MIN)) : 1;
  const crop = size && cropOf(size, zoom, centre);
  const scale = crop ? VIEW / crop.size : 1;
  const moveBy = (dx: number, dy: number) => {
    if (!crop) return;
    // From where the square is now (its centre within the edges), not from where it was asked to be.
    setCentre({ x: crop.x + crop.size / 2 + dx / scale, y: crop.y + crop.size / 2 + dy / scale });
  };
  const zoomTo = (next: number) => setZoom(clamp(next, 1, zoomMax));

  const onKey = (event: KeyboardEvent) => {
    const moves: Record<string, [number, number]> = { ArrowLeft: [-STEP, 0], ArrowRight: [STEP, 0], ArrowUp: [0, -STEP], ArrowDown: [0, STEP] };
    const move = moves[event.key];
    if (move) moveBy(move[0], move[1]);
    else if (event.key === '+' || event.key === '=') zoomTo(zoom + ZOOM_STEP);
    else if (event.key === '-') zoomTo(zoom - ZOOM_STEP);
    else return;
    event.preventDefault();
  };
  const onPointerDown = (event: PointerEvent) => {
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerMove = (event: PointerEvent) => {
    if (!drag.current) return;
    // Dragging the picture right shows more of its left: the square moves the other way.
    moveBy(drag.current.x - event.clientX, drag.current.y - event.clientY);
    drag.current = { x: event.clientX, y: event.clientY };
  };

  return (
    <section className="avatar-editor" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('people.avatar.title')}</h3>
      <label className="tap avatar-editor-pick">
        {t('people.avatar.pick')}
        <input
          type="file"
          accept="image/*"
          className="visually-hidden"
          onChange={(event) => {
            const picked = event.target.files?.[0];
            if (!picked) return;
            const image = picked.type.startsWith('image/');
            setProblem(!image);
            setFile(image ? picked : null);
            setSize(null);
            setZoom(1);
            setUrl(image ? URL.createObjectURL(picked) : null);
          }}
        />
      </label>
      {problem && (
        <p className="profile-error" role="alert">
          {t('people.avatar.notImage')}
        </p>
      )}
      {url && (
        <p id={`${id}-hint`} className="profile-muted">
          {t('people.avatar.hint')}
        </p>
      )}
      {url && (
        <div
          className="avatar-editor-area"
          role="group"
          aria-label={t('people.avatar.area')}
          aria-describedby={`${id}-hint`}
          tabIndex={0}
          style={{ width: VIEW, height: VIEW }}
          onKeyDown={onKey}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={() => (drag.current = null)}
          onPointerCancel={() => (drag.current = null)}
        >
          <img
            src={url}
            alt=""
            draggable={false}
            onLoad={(event) => {
              const { naturalWidth: width, naturalHeight: height } = event.currentTarget;
              setSize({ width, height });
              setCentre({ x: width / 2, y: height / 2 });
            }}
            style={size && crop ? { width: size.width * scale, height: size.height * scale, left: -crop.x * scale, top: -crop.y * scale } : { visibility: 'hidden' }}
          />
        </div>
      )}
      {size && (
        <div className="avatar-editor-zoom">
          <label htmlFor={`${id}-zoom`}>{t('people.avatar.zoom')}</label>
          <input id={`${id}-zoom`} type="range" min={1} max={zoomMax} step={0.05} value={zoom} onChange={(event) => zoomTo(Number(event.target.value))} />
        </div>
      )}
      <div className="profile-bio-actions">
        <button type="button" className="tap" onClick={onClose}>
          {t('common.cancel')}
        </button>
        {hasAvatar && (
          <button type="button" className="tap" disabled={remove.isPending || save.isPending} onClick={() => remove.mutate(undefined, { onSuccess: onClose })}>
            {t('people.avatar.remove')}
          </button>
        )}
        <button
          type="button"
          className="tap profile-follow"
          disabled={!file || !crop || save.isPending}
          onClick={() => file && crop && save.mutate({ file, crop }, { onSuccess: onClose })}
        >
          {t('common.save')}
        </button>
      </div>
    </section>
  );
}
