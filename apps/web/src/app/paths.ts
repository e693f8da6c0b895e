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
  disclaimer: '/files/disclaimer',
  privacy: '/files/privacy',
  userAgreement: '/files/userAggrement',
} as const;

const withQuery = (path: string, query: Record<string, string>) => `${path}?${new URLSearchParams(query).toString()}`;

export const paths = {
  ...routes,
  post: (id: string) => withQuery(routes.postDetail, { id }),
  repliesOf: (commentId: string) => withQuery(routes.replies, { id: commentId }),
  reportOf: (type: 'post' | 'comment', id: string) => withQuery(routes.report, { type, id }),
  goods: (id: string) => withQuery(routes.goodsDetails, { id }),
};

/** Pages that keep their state (scroll position, loaded list) when the person goes elsewhere and back. */
export const keptAlive: readonly string[] = [routes.community, routes.mall];
