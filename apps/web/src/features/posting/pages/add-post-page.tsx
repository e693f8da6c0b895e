import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { postContentMax } from '@padhub/contracts';
import { paths } from '@/paths.ts';
import { errorText } from '@/platform/i18n.ts';
import { useRequireLogin } from '@/platform/hooks.ts';
import { useDraftReady, usePostDraft } from '@/platform/post-draft.ts';
import { confirm, toast } from '@/ui/antd.tsx';
import { Loading } from '@/ui/load-state.tsx';
import { Page } from '@/ui/page.tsx';
import { useMentionSuggest } from '@/entities/user/mention-suggest.tsx';
import { addToDraft, discardDraft, removeFromDraft } from '@/features/posting/api/draft-files.ts';
import { sendDraft, useSendState } from '@/features/posting/api/send-post.ts';
import { MediaTiles } from '@/features/posting/components/media-tiles.tsx';
import { PostModelField } from '@/features/posting/components/post-model-field.tsx';
import { ComposerFrame } from '@/features/posting/components/composer-frame.tsx';
import { EditPost } from '@/features/posting/components/edit-post-form.tsx';
import { SendFailure } from '@/features/posting/components/send-failure.tsx';
import { chooseFiles } from '@/features/posting/lib/choose-files.ts';
import './add-post-page.css';
import { AttachedConfigs } from '@/features/posting/components/attached-configs.tsx';

/**
 * AddPost (`/community/add`): text, up to 18 pictures and one video, a controller model and the
 * configurations chosen on the Config page. The draft (text, files, where their uploads got to)
 * stays on the device until it is sent or discarded. With `?edit=<id>`, the same composer edits
 * the author's post.
 */
export function AddPostPage() {
  const edit = useSearchParams()[0].get('edit');
  return edit ? <EditPost id={edit} /> : <NewPost />;
}

function NewPost() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const requireLogin = useRequireLogin();
  const draft = usePostDraft();
  const draftReady = useDraftReady();
  const send = useSendState();
  const [preparing, setPreparing] = useState(false);
  const textField = useRef<HTMLTextAreaElement>(null);
  const mention = useMentionSuggest({ value: draft.content, onChange: draft.setContent, field: textField });
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const sending = send.status === 'sending';
  const busy = sending || preparing;
  const canSend = !busy && (draft.content.trim() !== '' || draft.files.length > 0);

  const pick = async (picked: File[]) => {
    const { accepted, refusals } = chooseFiles(draft.files, picked);
    // One message at a time: the first limit met (the upload messages of docs/product-spec.md, "Validation rules").
    if (refusals[0]) void toast(refusals[0] === 'unsupported' ? errorText('media_type_mismatch') : t(`upload.${refusals[0]}`));
    if (accepted.length === 0) return;
    setPreparing(true);
    try {
      await addToDraft(accepted);
    } finally {
      setPreparing(false);
    }
  };

  const submit = () =>
    requireLogin(async () => {
      const outcome = await sendDraft(client);
      if (!outcome) return;
      if ('alreadySent' in outcome) {
        // An earlier attempt made the post before the draft was edited: nothing new was posted.
        void toast(t('posting.alreadySent'));
        if (mounted.current) void navigate(outcome.alreadySent ? paths.post(outcome.alreadySent) : paths.userPosts, { replace: true });
        return;
      }
      // Its author lands on the post, wherever the feed they came from would (not) show it: a post
      // waiting for review, or whose video is being prepared, shows to others only later, and says so.
      const preparing = outcome.sent.media.some((m) => m.status === 'processing');
      void toast(t(preparing ? 'posting.videoPreparing' : outcome.sent.reviewStatus === 'pending' ? 'posting.waitingReview' : 'post.sent'));
      if (mounted.current) void navigate(paths.post(outcome.sent.id), { replace: true });
    });

  // Nothing to throw away: no discard button to tap by mistake or wonder about.
  const blank = !draft.content && draft.files.length === 0 && !draft.model && draft.configIds.length === 0;
  const discard = async () => {
    if (await confirm(t('posting.confirmDiscard'), { confirm: t('common.confirm'), cancel: t('common.cancel') })) await discardDraft();
  };

  // Whose draft this is is known once the person is: until then, show nothing that could be typed over.
  if (!draftReady) {
    return (
      <Page title={t('pages.addPost')}>
        <Loading />
      </Page>
    );
  }

  return (
    <ComposerFrame
      id="add-post-form"
      title={t('pages.addPost')}
      submitLabel={sending ? t('posting.sending') : t('posting.send')}
      canSubmit={canSend}
      onSubmit={() => void submit()}
    >
      <textarea
        ref={textField}
        className="add-post-text"
        value={draft.content}
        {...mention.fieldProps}
        placeholder={t('posting.placeholder')}
        aria-label={t('posting.textLabel')}
        maxLength={postContentMax}
        readOnly={sending}
        rows={6}
      />
      {mention.list}
      <MediaTiles
        files={draft.files}
        progress={sending ? send.progress : null}
        disabled={busy}
        onPick={(files) => void pick(files)}
        onRemove={(file) => void removeFromDraft(file)}
        onMove={(file, by) => draft.moveFile(file.id, by)}
      />
      {preparing && (
        <p className="add-post-note" role="status">
          {t('posting.preparing')}
        </p>
      )}
      <PostModelField value={draft.model} onChange={(model) => draft.setModel(model)} disabled={sending} />
      <Link to={paths.config} className="add-post-row add-post-configs">
        <span>{t('posting.configs')}</span>
        <span className="add-post-configs-count">
          <AttachedConfigs ids={draft.configIds} /> <span aria-hidden="true">›</span>
        </span>
      </Link>
      {send.status === 'failed' && <SendFailure error={send.error} inDoubt={draft.keyInDoubt} onRetry={() => void submit()} />}
      {!blank && (
        <button type="button" className="tap add-post-discard" onClick={() => void discard()} disabled={busy}>
          {t('posting.discard')}
        </button>
      )}
    </ComposerFrame>
  );
}
