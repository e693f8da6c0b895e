/**
 * Every address of the app, built in one place. The routes keep the spec's spellings (native
 * hosts link to them); the names here say what the pages are.
 */
export const routes = {
  mall: '/shoopping',
  goodsDetails: '/goods/details',
  community: '/community/index',
  search: '/community/search',
  addPost: '/community/add',
  config: '/community/config',
  postDetail: '/community/detail',
  report: '/community/report',
  replies: '/community/replay',
  userPosts: '/user/posts',
  userComments: '/user/comments',
  userLikes: '/user/likes',
  userFavourites: '/user/collects',
  // Not in the spec's table: a configuration opened from a post, and the person's own library (ours).
  configDetail: '/configs/detail',
  userConfigs: '/user/configs',
  // Not in the spec's table: the organisation's shared configurations, filtered and sorted (ours).
  configsHub: '/configs',
  consoleGames: '/console/games',
  consoleWatchedWords: '/console/watched-words',
  consoleRemovedPictures: '/console/removed-pictures',
  consoleNewAccounts: '/console/new-accounts',
  // Not in the spec's table: the person's safety pages and the moderation console (ours).
  userReports: '/user/reports',
  userBlocked: '/user/blocked',
  userBlacklist: '/user/blacklist',
  // Not in the spec's table: people's profiles and who follows whom (ours).
  userProfile: '/user/profile',
  userFollowers: '/user/followers',
  userFollowing: '/user/following',
  console: '/console',
  consoleReview: '/console/review',
  consolePeople: '/console/people',
  consoleLog: '/console/log',
  // The console's charts of how the community is doing (ours; docs/insights.md).
  consoleInsights: '/console/insights',
  // The shop section of the console (ours): goods, categories and variants, for admins.
  consoleGoods: '/console/goods',
  consoleGoodsEditor: '/console/goods/edit',
  disclaimer: '/files/disclaimer',
  privacy: '/files/privacy',
  userAgreement: '/files/userAggrement',
  // Not linked from the interface: the conformance page native teams open in their WebView (ours).
  hostCheck: '/host-check',
  // Not in the spec's table: the person's notifications and their switches (ours).
  notifications: '/notifications',
  notificationSettings: '/notifications/settings',
  // Not in the spec's table: the person's sessions and password (ours).
  userSessions: '/user/sessions',
  userPassword: '/user/password',
  // Not in the spec's table: the person's own filters (ours).
  userFilters: '/user/filters',
  // Not in the spec's table: the person's archive of their data and the import of configurations (ours).
  userData: '/user/data',
  // Not in the spec's table: the Me tab, the person's own pages in one place (ours).
  me: '/user/me',
} as const;

const withQuery = (path: string, query: Record<string, string>) => `${path}?${new URLSearchParams(query).toString()}`;

export const paths = {
  ...routes,
  post: (id: string) => withQuery(routes.postDetail, { id }),
  /** The composer in edit mode, filled with the author's post (its waiting edit, if any). */
  editPost: (id: string) => withQuery(routes.addPost, { edit: id }),
  repliesOf: (commentId: string) => withQuery(routes.replies, { id: commentId }),
  /** A comment where it was said, highlighted: on its post, or a reply in its thread. */
  commentInPlace: (c: { id: string; postId: string; rootId: string | null }) =>
    c.rootId === null ? withQuery(routes.postDetail, { id: c.postId, comment: c.id }) : withQuery(routes.replies, { id: c.rootId, comment: c.id }),
  reportOf: (type: 'post' | 'comment' | 'user', id: string) => withQuery(routes.report, { type, id }),
  profile: (id: string) => withQuery(routes.userProfile, { id }),
  /** The profile an @mention names (mentions carry usernames, not ids). */
  profileNamed: (username: string) => withQuery(routes.userProfile, { name: username }),
  followersOf: (id: string) => withQuery(routes.userFollowers, { id }),
  followingOf: (id: string) => withQuery(routes.userFollowing, { id }),
  goods: (id: string) => withQuery(routes.goodsDetails, { id }),
  /** The community feed filtered to one controller model, optionally to posts with configurations. */
  communityOfModel: (model: string, configs = false) => withQuery(routes.community, configs ? { model, hasConfigs: 'true' } : { model }),
  configuration: (id: string) => withQuery(routes.configDetail, { id }),
  /** The hub, filtered (model, game, kind, sort, words); an empty filter is the whole hub. */
  hub: (query: Record<string, string> = {}) => (Object.keys(query).length ? withQuery(routes.configsHub, query) : routes.configsHub),
  /** The console's people section, searching for a username or nickname. */
  consolePeopleFinding: (q: string) => withQuery(routes.consolePeople, { q }),
  /** The console's goods editor: an existing goods, or a new one in a category. */
  goodsEditor: (of: { id: string } | { category: string }) => withQuery(routes.consoleGoodsEditor, of),
};
