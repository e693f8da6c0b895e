import type { people as source } from '@/locales/en/people.ts';
import type { Strings } from '@/locales/en/index.ts';

export const people: Strings<typeof source> = {
  pages: {
    profile: '프로필',
    followers: '팔로워',
    following: '팔로잉',
    followersOf: '{{name}}님의 팔로워',
    followingOf: '{{name}}님이 팔로우하는 사람',
  },
  mentionSuggestions: '언급할 수 있는 사람',
  profile: {
    joined: '{{date}} 가입',
    posts_one: '게시물 {{count}}',
    posts_other: '게시물 {{count}}',
    followers_one: '팔로워 {{count}}',
    followers_other: '팔로워 {{count}}',
    following_one: '팔로잉 {{count}}',
    following_other: '팔로잉 {{count}}',
    likes_one: '받은 좋아요 {{count}}',
    likes_other: '받은 좋아요 {{count}}',
    counts: '통계',
    tabs: '공유한 것',
    posts: '게시물',
    configs: '구성',
    postsEmpty: '아직 게시물이 없습니다.',
    configsEmpty: '공유한 구성이 아직 없습니다.',
    gone: '이 계정은 더 이상 존재하지 않습니다.',
    blocked: '{{name}} 님을 차단했습니다. 게시물과 댓글이 보이지 않습니다.',
    unblock: '차단 해제',
    unblocked: '차단을 해제했습니다',
    notFound: '사용자를 찾을 수 없습니다.',
  },
  follow: {
    follow: '팔로우',
    following: '팔로잉',
    followName: '{{name}} 님 팔로우',
    unfollowName: '{{name}} 님 팔로우 취소',
  },
  menu: {
    report: '이 사용자 신고',
    block: '차단',
    blacklist: '블랙리스트에 추가',
  },
  bio: {
    label: '소개',
    empty: '아직 소개가 없습니다.',
    edit: '소개 편집',
    placeholder: '나와 내 컨트롤러에 대해 한마디',
    counter: '{{count}}/{{max}}자',
    tooLong: '소개는 최대 {{max}}자까지 쓸 수 있습니다.',
    saved: '소개를 저장했습니다',
  },
  lists: {
    followersEmpty: '아직 팔로워가 없습니다.',
    followingEmpty: '아직 아무도 팔로우하지 않습니다.',
  },
};
