import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { limits } from '@padhub/contracts';
import { useMediaUrl } from '@/platform/organisation.ts';
import { type UploadRecord, uploadFiles } from '@/platform/uploader/index.ts';
import { failureText } from '@/entities/session/report-failure.ts';

/** A picture of a goods or variant: one it has (with its renditions), or one just uploaded (its path only). */
export interface PictureDraft {
  path: string;
  thumb?: string;
}

interface PictureFieldProps {
  value: PictureDraft[];
  onChange(value: PictureDraft[]): void;
  max: number;
}

/**
 * Pictures in order: add (uploaded straight to the object store by the same uploader as posts,
 * under the admin's own prefix), move forward, remove. The server checks each new one and makes
 * its resized renditions when the goods or variant is saved.
 */
export function PictureField({ value, onChange, max }: PictureFieldProps) {
  const { t } = useTranslation();
  const mediaUrl = useMediaUrl();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  /** Why the last upload failed: the server's or the store's reason when one was given, else the generic text. */
  const [failed, setFailed] = useState<string | null>(null);

  const add = async (files: File[]) => {
    const chosen = files.filter((f) => f.size <= limits.imageMaxBytes).slice(0, Math.max(0, max - value.length));
    if (chosen.length === 0) return;
    const records = new Map<string, UploadRecord>();
    const sent = new Map<string, number>();
    const jobs = chosen.map((file, i) => ({ id: String(i), file, name: file.name, type: file.type, folder: 'goods', record: null }));
    setFailed(null);
    setProgress(0);
    const ok = await uploadFiles(jobs, {
      onRecord: (id, record) => records.set(id, record),
      onProgress: (id, fraction) => {
        sent.set(id, fraction);
        setProgress([...sent.values()].reduce((a, b) => a + b, 0) / jobs.length);
      },
    }).catch((refusal: unknown) => failureText(refusal));
    setProgress(null);
    const done = jobs.flatMap((job) => (records.get(job.id)?.done ? [{ path: records.get(job.id)!.key }] : []));
    if (done.length > 0) onChange([...value, ...done]);
    setFailed(typeof ok === 'string' ? ok : ok ? null : t('shop.admin.uploadFailed'));
  };

  const move = (index: number) => onChange(value.map((p, i) => (i === index - 1 ? value[index]! : i === index ? value[index - 1]! : p)));

  return (
    <div className="shop-admin-pictures">
      <ul>
        {value.map((picture, index) => {
          const name = t('shop.goods.picture', { index: index + 1, total: value.length });
          return (
            <li key={picture.path}>
              <img src={mediaUrl(picture.thumb ?? picture.path)} alt={name} />
              <div>
                {index > 0 && (
                  <button type="button" className="tap console-action" onClick={() => move(index)} aria-label={t('shop.admin.moveUp', { name })}>
                    ←
                  </button>
                )}
                <button type="button" className="tap console-action" onClick={() => onChange(value.filter((_, i) => i !== index))} aria-label={`${t('shop.admin.remove')}: ${name}`}>
                  ✕
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      {value.length < max && (
        <label className="tap console-action shop-admin-upload">
          {progress === null ? t('shop.admin.addPictures') : t('shop.admin.uploading', { percent: Math.round(progress * 100) })}
          <input
            ref={input}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif"
            multiple
            className="visually-hidden"
            disabled={progress !== null}
            onChange={(e) => {
              const files = [...(e.target.files ?? [])];
              if (input.current) input.current.value = '';
              void add(files);
            }}
          />
        </label>
      )}
      {failed && (
        <p className="shop-admin-error" role="alert">
          {failed}
        </p>
      )}
    </div>
  );
}
