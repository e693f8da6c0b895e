import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { type ConfigCard, limits } from '@padhub/contracts';
import { paths } from '@/paths.ts';
import { useCurrentUser, useIsLoggedIn } from '@/platform/hooks.ts';
import { readEditDraft, writeEditDraft } from '@/platform/edit-drafts.ts';
import { usePostDraft } from '@/platform/post-draft.ts';
import { toast } from '@/ui/antd.tsx';
import '@/entities/configuration/config-card.css';
import { Empty, LoadError, Loading } from '@/ui/load-state.tsx';
import { LoginPrompt } from '@/entities/session/login-prompt.tsx';
import { Page } from '@/ui/page.tsx';
import { useMyConfigs } from '@/features/configs/api/get-my-configs.ts';
import { ConfigGroups } from '@/features/configs/components/config-groups.tsx';
import './configs.css';

/**
 * The Config page of the spec: choose configurations to attach to the post being written, or
 * (`?edit=<id>`) to the edit of a post, whose unsaved changes the composer keeps on the device.
 */
export function ConfigPage() {
  return <ConfigLibrary pick />;
}

/** The same library to browse, from the account menu. */
export function MyConfigsPage() {
  return <ConfigLibrary pick={false} />;
}

function matches(config: ConfigCard, words: string) {
  const text = [config.name, ...config.entryNames, config.basedOn?.name ?? ''].join(' ').toLowerCase();
  return words.split(/\s+/).every((word) => text.includes(word));
}

function ConfigLibrary({ pick }: { pick: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  const mine = useMyConfigs();
  const draft = usePostDraft();
  const target = usePickTarget(draft);
  const [chosen, setChosen] = useState<string[]>(target.configIds);
  const [q, setQ] = useState('');
  const items = mine.items ?? [];
  const known = chosen.filter((id) => items.some((c) => c.id === id));
  const words = q.trim().toLowerCase();
  const shown = words ? items.filter((c) => matches(c, words)) : items;

  const toggle = (config: ConfigCard) => {
    if (chosen.includes(config.id)) return setChosen(chosen.filter((id) => id !== config.id));
    const sameModel = items.filter((c) => c.model === config.model && chosen.includes(c.id)).length;
    // The spec's rule: at most five configurations of one model on a post.
    if (sameModel >= limits.configsPerModelPerPost) return void toast(t('upload.tooManyConfigs'));
    setChosen([...chosen, config.id]);
  };

  const attach = () => {
    // Only configurations that still exist: the draft may name one deleted since.
    target.attach(known);
    if (history.length > 1) void navigate(-1);
    else void navigate(target.back, { replace: true });
  };

  const footer =
    pick && loggedIn && mine.complete ? (
      <div className="config-attach-bar">
        <button type="button" className="tap config-button config-primary" onClick={attach}>
          {t('configs.list.attach', { count: known.length })}
        </button>
      </div>
    ) : undefined;

  return (
    <Page title={pick ? t('pages.config') : t('pages.userConfigs')} footer={footer}>
      {!loggedIn ? (
        <LoginPrompt />
      ) : mine.isPending ? (
        <Loading />
      ) : mine.isError && !mine.data ? (
        <LoadError onRetry={() => void mine.refetch()} />
      ) : items.length === 0 ? (
        <Empty text={t('configs.list.empty')} />
      ) : (
        <>
          <div className="config-search">
            <input type="search" value={q} onChange={(e) => setQ(e.target.value)} aria-label={t('configs.list.search')} placeholder={t('configs.list.search')} />
          </div>
          {shown.length === 0 ? <Empty text={t('configs.list.noMatch', { q: q.trim() })} /> : <ConfigGroups configs={shown} chosen={pick ? chosen : undefined} onToggle={pick ? toggle : undefined} />}
          {!mine.complete && <Loading />}
        </>
      )}
    </Page>
  );
}

/** Where the chosen configurations go: the new post's draft, or the stored edit named by `?edit=`. */
function usePickTarget(draft: { configIds: string[]; setConfigIds(ids: string[]): void }) {
  const editId = useSearchParams()[0].get('edit');
  const me = useCurrentUser();
  const edit = editId && me ? readEditDraft(me.id, editId) : null;
  if (!editId || !me || !edit) return { configIds: draft.configIds, attach: (ids: string[]) => draft.setConfigIds(ids), back: paths.addPost };
  return {
    configIds: edit.configIds,
    attach: (ids: string[]) => writeEditDraft(me.id, editId, { ...(readEditDraft(me.id, editId) ?? edit), configIds: ids }),
    back: `${paths.addPost}?edit=${encodeURIComponent(editId)}`,
  };
}
