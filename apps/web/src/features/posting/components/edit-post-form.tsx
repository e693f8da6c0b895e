import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type Media, type Post, postContentMax } from '@padhub/contracts';
import { paths } from '@/paths.ts';
import { ApiError } from '@/platform/api/client.ts';
import { errorText } from '@/platform/i18n.ts';
import { useCurrentUser } from '@/platform/hooks.ts';
import { deleteDraftFiles } from '@/platform/draft-files.ts';
import { useMediaUrl, useOrganisation } from '@/platform/organisation.ts';
import type { DraftFile } from '@/platform/post-draft.ts';
import { toast } from '@/ui/antd.tsx';
import { Empty, LoadError, Loading } from '@/ui/load-state.tsx';
import { Page } from '@/ui/page.tsx';
import { reportFailure } from '@/entities/session/report-failure.ts';
import { usePost } from '@/entities/post/api/get-post.ts';
import { keepOnDevice } from '@/features/posting/api/draft-files.ts';
import { type EditState, saveEdit } from '@/features/posting/api/edit-post.ts';
import { MediaTiles } from '@/features/posting/components/media-tiles.tsx';
import { ComposerFrame } from '@/features/posting/components/composer-frame.tsx';
import { chooseFiles } from '@/features/posting/lib/choose-files.ts';

/** 128 random bits as hex, as the draft's key (crypto.randomUUID exists only on secure pages). */
const newKey = () => [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');

/**
 * The composer in edit mode (`/community/add?edit=<id>`): the author's post (or their edit still
 * waiting for review) in the same fields as a new post. Saving sends the whole new version with
 * one Idempotency-Key, kept through retries until the form changes. The new-post draft is untouched.
 */
export function EditPost({ id }: { id: string }) {
  const { t } = useTranslation();
  const post = usePost(id);
  const me = useCurrentUser();
  const title = t('posting.editTitle');
  if (post.isPending) {
    return (
      <Page title={title}>
        <Loading />
      </Page>
    );
  }
  if (post.isError || post.data.author.id !== me?.id) {
    const gone = !post.isError || (post.error instanceof ApiError && post.error.is('not_found'));
    return <Page title={title}>{gone ? <Empty text={errorText(post.isError ? 'not_found' : 'forbidden')} /> : <LoadError onRetry={() => void post.refetch()} />}</Page>;
  }
  return <EditForm key={post.data.id} post={post.data} />;
}

function EditForm({ post }: { post: Post }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const models = useOrganisation().data?.models ?? [];
  const start = post.pendingEdit ?? { ...post };
  const [edit, setEdit] = useState<EditState>({ content: start.content, model: start.model, configIds: start.configs, kept: start.media, added: [] });
  const [status, setStatus] = useState<'idle' | 'saving'>('idle');
  const [progress, setProgress] = useState<Record<string, number> | null>(null);
  const key = useRef<string | null>(null);
  const saving = status === 'saving';
  const change = (next: Partial<EditState>) => {
    key.current = null;
    setEdit((e) => ({ ...e, ...next }));
  };
  // Files chosen but not saved leave the device with the page.
  const added = useRef<DraftFile[]>([]);
  useEffect(() => {
    added.current = edit.added;
  }, [edit.added]);
  useEffect(() => () => void deleteDraftFiles(added.current.flatMap((f) => (f.poster ? [f.id, f.poster.id] : [f.id]))), []);

  const pick = async (picked: File[]) => {
    const { accepted, refusals } = chooseFiles([...edit.kept, ...edit.added], picked);
    if (refusals[0]) void toast(refusals[0] === 'unsupported' ? errorText('media_type_mismatch') : t(`upload.${refusals[0]}`));
    if (accepted.length > 0) {
      const files = await keepOnDevice(accepted);
      key.current = null;
      setEdit((e) => ({ ...e, added: [...e.added, ...files] }));
    }
  };
  const canSave = !saving && (edit.content.trim() !== '' || edit.kept.length + edit.added.length > 0);

  const save = async () => {
    key.current ??= newKey();
    setStatus('saving');
    setProgress({});
    try {
      const saved = await saveEdit(client, post.id, { ...edit, content: edit.content.trim() }, key.current, (fileId, fraction) =>
        setProgress((p) => ({ ...p, [fileId]: fraction })),
      );
      added.current = [];
      void toast(saved.pendingEdit?.reviewStatus === 'pending' || saved.reviewStatus === 'pending' ? t('posting.editUnderReview') : t('posting.editSaved'));
      void navigate(paths.post(post.id), { replace: true });
    } catch (error) {
      reportFailure(error);
      setStatus('idle');
      setProgress(null);
    }
  };

  return (
    <ComposerFrame
      id="edit-post-form"
      title={t('posting.editTitle')}
      submitLabel={saving ? t('posting.saving') : t('posting.save')}
      canSubmit={canSave}
      onSubmit={() => void save()}
    >
      <textarea
        className="add-post-text"
        value={edit.content}
        onChange={(e) => change({ content: e.target.value })}
        aria-label={t('posting.textLabel')}
        maxLength={postContentMax}
        readOnly={saving}
        rows={6}
      />
      {edit.kept.length > 0 && <KeptMedia media={edit.kept} disabled={saving} onRemove={(m) => change({ kept: edit.kept.filter((k) => k !== m) })} />}
      <MediaTiles
        files={edit.added}
        progress={saving ? progress : null}
        disabled={saving}
        onPick={(files) => void pick(files)}
        onRemove={(file) => {
          change({ added: edit.added.filter((f) => f !== file) });
          void deleteDraftFiles(file.poster ? [file.id, file.poster.id] : [file.id]);
        }}
        onMove={(file, by) => {
          const files = [...edit.added];
          const from = files.indexOf(file);
          const to = from + by;
          if (to < 0 || to >= files.length) return;
          [files[from], files[to]] = [files[to]!, files[from]!];
          change({ added: files });
        }}
      />
      <label className="add-post-row">
        <span>{t('posting.model')}</span>
        <select value={edit.model ?? ''} onChange={(e) => change({ model: e.target.value || null })} disabled={saving}>
          <option value="">{t('posting.noModel')}</option>
          {models.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
        </select>
      </label>
      {edit.configIds.length > 0 && (
        <p className="add-post-row">
          <span>{t('posting.configs')}</span>
          <span className="add-post-configs-count">{t('posting.configsAttached', { count: edit.configIds.length })}</span>
        </p>
      )}
    </ComposerFrame>
  );
}

/** The files the post shows already: each can be removed (released once the edit is saved). */
function KeptMedia({ media, disabled, onRemove }: { media: Media[]; disabled: boolean; onRemove(m: Media): void }) {
  const { t } = useTranslation();
  const mediaUrl = useMediaUrl();
  const images = media.filter((m) => m.kind === 'image');
  return (
    <section className="media-tiles-wrap" aria-label={t('posting.keptMedia')}>
      <ul className="media-tiles">
        {media.map((m) => {
          const name = m.kind === 'video' ? t('posting.video') : t('posting.image', { index: images.indexOf(m) + 1 });
          return (
            <li key={m.path} className="media-tile">
              <span className="media-tile-view" role="img" aria-label={name}>
                {m.thumb ? <img src={mediaUrl(m.thumb)} alt="" decoding="async" /> : <span className="media-tile-poster" />}
              </span>
              {!disabled && (
                <button type="button" className="tap media-tile-remove" onClick={() => onRemove(m)} aria-label={t('posting.remove', { name })}>
                  <span aria-hidden="true">×</span>
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
