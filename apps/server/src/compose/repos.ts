import type { Db } from '#server/db/client.ts';
import { AccountsRepo } from '#server/modules/accounts/repo.ts';
import { CommentsRepo } from '#server/modules/community/comments-repo.ts';
import { PostsRepo } from '#server/modules/community/posts-repo.ts';
import { ReactionsRepo } from '#server/modules/community/reactions-repo.ts';
import { SearchRepo } from '#server/modules/community/search-repo.ts';
import { SearchStats } from '#server/modules/community/search-stats.ts';
import { MatchSets } from '#server/modules/community/match-sets.ts';
import { ConfigCountsRepo } from '#server/modules/configs/counts-repo.ts';
import { GamesRepo } from '#server/modules/configs/games-repo.ts';
import { HubRepo } from '#server/modules/configs/hub-repo.ts';
import { RankingRepo } from '#server/modules/configs/ranking-repo.ts';
import { ConfigsRepo } from '#server/modules/configs/repo.ts';
import { TicketsRepo } from '#server/modules/live/tickets-repo.ts';
import { DeletionsRepo } from '#server/modules/media-lifecycle/deletions-repo.ts';
import { NotifyRepo } from '#server/modules/notifications/notify-repo.ts';
import { NotificationsRepo } from '#server/modules/notifications/repo.ts';
import { OrganisationsRepo } from '#server/modules/organisations/repo.ts';
import { PeopleRepo } from '#server/modules/people/repo.ts';
import { PostRequestsRepo } from '#server/modules/posting/repo.ts';
import { ExportsRepo } from '#server/modules/privacy/exports-repo.ts';
import { BlocksRepo } from '#server/modules/safety/blocks-repo.ts';
import { FiltersRepo, versionWithSession } from '#server/modules/safety/filters-repo.ts';
import { ReportsRepo } from '#server/modules/safety/reports-repo.ts';
import { WatchedWordsRepo } from '#server/modules/safety/watched-words-repo.ts';
import { CatalogueRepo } from '#server/modules/shop/catalogue-repo.ts';
import { VideosRepo } from '#server/modules/videos/repo.ts';
import { ShopAdminRepo } from '#server/modules/shop/admin-repo.ts';

/**
 * Every repo of a process, each built once, on the database (db/repo.ts): app.ts and worker.ts hand
 * each service the ones it uses, by these names, and a service runs one in its transaction with
 * `on(q)`. `thirdPassMs`: the search's third pass's budget (SearchRunner.thirdPassMs); `matchSetMs`:
 * how long a search's every match is kept (match-sets.ts).
 */
export function openRepos(db: Db, options: { thirdPassMs?: number; matchSetMs?: number } = {}) {
  return {
    organisations: new OrganisationsRepo(db),
    // Each session lookup reads the person's filter version with it (migration 048): safety's question, as accounts sits below safety.
    accounts: new AccountsRepo(db, versionWithSession),
    people: new PeopleRepo(db),
    posts: new PostsRepo(db),
    comments: new CommentsRepo(db),
    reactions: new ReactionsRepo(db),
    // One copy of what ANALYZE says of the posts' words for the process, read once per ANALYZE (search-stats.ts).
    search: new SearchRepo(db, { thirdPassMs: options.thirdPassMs, stats: new SearchStats(), matchSets: new MatchSets(options.matchSetMs) }),
    postRequests: new PostRequestsRepo(db),
    videos: new VideosRepo(db),
    deletions: new DeletionsRepo(db),
    filters: new FiltersRepo(db),
    watchedWords: new WatchedWordsRepo(db),
    reports: new ReportsRepo(db),
    blocks: new BlocksRepo(db),
    notifications: new NotificationsRepo(db),
    notify: new NotifyRepo(db),
    configs: new ConfigsRepo(db),
    configCounts: new ConfigCountsRepo(db),
    ranking: new RankingRepo(db),
    hub: new HubRepo(db),
    games: new GamesRepo(db),
    catalogue: new CatalogueRepo(db),
    shopAdmin: new ShopAdminRepo(db),
    tickets: new TicketsRepo(db),
    exports: new ExportsRepo(db),
  };
}

export type Repos = ReturnType<typeof openRepos>;
