import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { type Media, type Post, postContentMax } from '@padhub/contracts';
import { paths } from '@/paths.ts';
import { ApiError } from '@/platform/api/client.ts';
import { errorText } from '@/platform/i18n.ts';
import { useCurrentUser } from '@/platform/hooks.ts';
import { deleteDraftFiles } from '@/platform/draft-files.ts';
import { useMediaUrl } from '@/platform/organisation.ts';
import { clearEditDraft, draftFileIds, editDraftWriter, resumeEditDraft, writeEditDraft } from '@/platform/edit-drafts.ts';
import { confirm, toast } from '@/ui/antd.tsx';
import { Empty, LoadError, Loading } from '@/ui/load-state.tsx';
import { Page } from '@/ui/page.tsx';
import { reportFailure } from '@/entities/session/report-failure.ts';
import { usePost } from '@/entities/post/api/get-post.ts';
import { keepOnDevice } from '@/features/posting/api/draft-files.ts';
import { type EditState, saveEdit } from '@/features/posting/api/edit-post.ts';
import { MediaTiles } from '@/features/posting/components/media-tiles.tsx';
import { PostModelField } from '@/features/posting/components/post-model-field.tsx';
import { ComposerFrame } from '@/features/posting/components/composer-frame.tsx';
import { chooseFiles } from '@/features/posting/lib/choose-files.ts';
import { AttachedConfigs } from '@/features/posting/components/attached-configs.tsx';

/** 128 random bits as hex, as the draft's key (crypto.randomUUID exists only on secure pages). */
const newKey = () => [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');

/**
 * The composer in edit mode (`/community/add?edit=<id>`): the author's post (or their edit still
 * waiting for review) in the same fields as a new post. Saving sends the whole new version with
 * one Idempotency-Key, kept through retries until the form changes. Changes not saved stay on the
 * device (platform/edit-drafts.ts) until saved or discarded. The new-post draft is untouched.
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
  if (post.isError || !me || post.data.author.id !== me.id) {
    const gone = !post.isError || (post.error instanceof ApiError && post.error.is('not_found'));
    return <Page title={title}>{gone ? <Empty text={errorText(post.isError ? 'not_found' : 'forbidden')} /> : <LoadError onRetry={() => void post.refetch()} />}</Page>;
  }
  return <EditForm key={post.data.id} post={post.data} userId={me.id} />;
}

/** The post as it stands (or its edit waiting for review), before any change here. */
function editOf(post: Post): EditState {
  const start = post.pendingEdit ?? post;
  return { content: start.content, model: start.model, configIds: start.configs, kept: start.media, added: [] };
}

function EditForm({ post, userId }: { post: Post; userId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  // Changes not saved yet come back from the device: after the Config page, leaving, or a reload.
  const [restored] = useState(() => resumeEditDraft(userId, post.id));
  const [edit, setEdit] = useState<EditState>(() => restored ?? editOf(post));
  const [changed, setChanged] = useState(restored !== null);
  const [status, setStatus] = useState<'idle' | 'saving'>('idle');
  const [progress, setProgress] = useState<Record<string, number> | null>(null);
  const key = useRef<string | null>(null);
  const saving = status === 'saving';
  const change = (next: (e: EditState) => Partial<EditState>) => {
    key.current = null;
    setChanged(true);
    setEdit((e) => ({ ...e, ...next(e) }));
  };
  // The device keeps changes a moment after the last keystroke, and at once when the page is left or hidden.
  const [drafts] = useState(() => editDraftWriter(userId, post.id));
  useEffect(() => {
    if (changed) drafts.write(edit);
  }, [changed, edit, drafts]);
  useEffect(() => {
    const hidden = () => document.visibilityState === 'hidden' && drafts.flush();
    window.addEventListener('pagehide', drafts.flush);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('pagehide', drafts.flush);
      document.removeEventListener('visibilitychange', hidden);
      drafts.flush();
    };
  }, [drafts]);

  const pick = async (picked: File[]) => {
    const { accepted, refusals } = chooseFiles([...edit.kept, ...edit.added], picked);
    if (refusals[0]) void toast(refusals[0] === 'unsupported' ? errorText('media_type_mismatch') : t(`upload.${refusals[0]}`));
    if (accepted.length > 0) {
      const files = await keepOnDevice(accepted);
      change((e) => ({ added: [...e.added, ...files] }));
    }
  };
  const discard = async () => {
    if (!(await confirm(t('posting.confirmDiscardChanges'), { confirm: t('common.confirm'), cancel: t('common.cancel') }))) return;
    await deleteDraftFiles(draftFileIds(edit.added));
    drafts.cancel();
    clearEditDraft(userId, post.id);
    key.current = null;
    setChanged(false);
    setEdit(editOf(post));
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
      drafts.cancel();
      clearEditDraft(userId, post.id);
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
        onChange={(e) => change(() => ({ content: e.target.value }))}
        aria-label={t('posting.textLabel')}
        maxLength={postContentMax}
        readOnly={saving}
        rows={6}
      />
      {edit.kept.length > 0 && <KeptMedia media={edit.kept} disabled={saving} onRemove={(m) => change((e) => ({ kept: e.kept.filter((k) => k !== m) }))} />}
      <MediaTiles
        files={edit.added}
        progress={saving ? progress : null}
        disabled={saving}
        onPick={(files) => void pick(files)}
        onRemove={(file) => {
          change((e) => ({ added: e.added.filter((f) => f.id !== file.id) }));
          void deleteDraftFiles(draftFileIds([file]));
        }}
        onMove={(file, by) => {
          const files = [...edit.added];
          const from = files.indexOf(file);
          const to = from + by;
          if (to < 0 || to >= files.length) return;
          [files[from], files[to]] = [files[to]!, files[from]!];
          change(() => ({ added: files }));
        }}
      />
      <PostModelField value={edit.model} onChange={(model) => change(() => ({ model }))} disabled={saving} />
      <Link
        to={`${paths.config}?edit=${encodeURIComponent(post.id)}`}
        className="add-post-row add-post-configs"
        // The Config page picks into the stored edit: it must be there, changed or not.
        onClick={() => {
          drafts.cancel();
          writeEditDraft(userId, post.id, edit);
        }}
      >
        <span>{t('posting.configs')}</span>
        <span className="add-post-configs-count">
          <AttachedConfigs ids={edit.configIds} /> <span aria-hidden="true">›</span>
        </span>
      </Link>
      {changed && (
        <button type="button" className="tap add-post-discard" onClick={() => void discard()} disabled={saving}>
          {t('posting.discardChanges')}
        </button>
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
