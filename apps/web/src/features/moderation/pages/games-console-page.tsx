import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Game } from '@padhub/contracts';
import { useCurrentUser } from '@/platform/hooks.ts';
import { confirm, toast } from '@/ui/antd.tsx';
import { Empty, LoadError, Loading } from '@/ui/load-state.tsx';
import { useGames } from '@/entities/configuration/api/get-shared.ts';
import { useChangeGame } from '@/features/moderation/api/games.ts';
import { ConsoleFrame } from '@/features/moderation/components/console-frame.tsx';
import { GameNamesForm } from '@/features/moderation/components/game-names-form.tsx';

/** /console/games: admins name each game in four languages with its aliases, or merge two spellings into one. */
export function GamesConsolePage() {
  const { t } = useTranslation();
  const admin = useCurrentUser()?.role === 'admin';
  return <ConsoleFrame>{admin ? <Games /> : <Empty text={t('moderation.games.adminsOnly')} />}</ConsoleFrame>;
}

function Games() {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const games = useGames(q);
  return (
    <>
      <div className="console-search">
        <input type="search" value={q} onChange={(e) => setQ(e.target.value)} aria-label={t('moderation.games.search')} placeholder={t('moderation.games.search')} maxLength={60} />
      </div>
      {games.isPending ? (
        <Loading />
      ) : games.isError ? (
        <LoadError onRetry={() => void games.refetch()} />
      ) : games.data.length === 0 ? (
        <Empty text={t('moderation.games.empty')} />
      ) : (
        <ul className="console-list" aria-label={t('moderation.nav.games')}>
          {games.data.map((game) => (
            <li key={game.id}>
              <GameCard game={game} others={games.data.filter((g) => g.id !== game.id)} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function GameCard({ game, others }: { game: Game; others: Game[] }) {
  const { t } = useTranslation();
  const change = useChangeGame();
  const [into, setInto] = useState('');
  const merge = async () => {
    const target = others.find((g) => g.id === into);
    if (!target || !(await confirm(t('moderation.games.mergeConfirm', { from: game.name, into: target.name }), { confirm: t('moderation.games.merge'), cancel: t('common.cancel') }))) return;
    change.mutate({ kind: 'merge', id: game.id, into: target.id }, { onSuccess: () => void toast(t('moderation.games.done')) });
  };
  return (
    <article className="console-card" aria-label={game.name}>
      {/* Keyed by what the server holds, so a saved change or another admin's shows as it is now. */}
      <GameNamesForm key={JSON.stringify(game)} game={game} />
      {others.length > 0 && (
        <div className="console-game-row">
          <label>
            <span>{t('moderation.games.mergeInto')}</span>
            <select className="field" value={into} onChange={(e) => setInto(e.target.value)}>
              <option value="">—</option>
              {others.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="tap console-action" disabled={!into || change.isPending} onClick={() => void merge()}>
            {t('moderation.games.merge')}
          </button>
        </div>
      )}
    </article>
  );
}
