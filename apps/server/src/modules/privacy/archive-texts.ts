import type { Lang } from '@padhub/contracts';

/** The words of an archive's index.html, in the person's language (the language they asked in). */
export interface ArchiveTexts {
  title: string;
  intro: string;
  made: string;
  profile: string;
  posts: string;
  comments: string;
  onPost: string;
  likes: string;
  favourites: string;
  following: string;
  followers: string;
  blocks: string;
  blacklist: string;
  configs: string;
  configsHint: string;
  notifications: string;
  sessions: string;
  files: string;
  none: string;
}

export const archiveTexts: Record<Lang, ArchiveTexts> = {
  en: {
    title: 'Your Padhub data',
    intro: 'Everything Padhub keeps about you, as it was when this archive was made. The same data, for programs, is in the JSON files beside this page.',
    made: 'Made on',
    profile: 'Profile',
    posts: 'Posts',
    comments: 'Comments and replies',
    onPost: 'on post',
    likes: 'Liked posts',
    favourites: 'Favourite posts',
    following: 'People you follow',
    followers: 'Your followers',
    blocks: 'People you blocked',
    blacklist: 'Your blacklist',
    configs: 'Configurations',
    configsHint: 'configs.json can be imported again on the "Your data" page, here or in another organisation.',
    notifications: 'Notification settings',
    sessions: 'Sign-ins',
    files: 'Your pictures and videos are in the media folder.',
    none: 'None',
  },
  cn: {
    title: '你的 Padhub 数据',
    intro: '这是 Padhub 保存的关于你的全部数据，内容截至存档生成时。供程序读取的同样数据在本页旁边的 JSON 文件中。',
    made: '生成于',
    profile: '个人资料',
    posts: '帖子',
    comments: '评论和回复',
    onPost: '所在帖子',
    likes: '点赞的帖子',
    favourites: '收藏的帖子',
    following: '你关注的人',
    followers: '你的粉丝',
    blocks: '你屏蔽的人',
    blacklist: '你的黑名单',
    configs: '配置',
    configsHint: 'configs.json 可在“我的数据”页面重新导入，本组织或其他组织均可。',
    notifications: '通知设置',
    sessions: '登录记录',
    files: '你的图片和视频在 media 文件夹中。',
    none: '无',
  },
  jp: {
    title: 'あなたの Padhub データ',
    intro: 'Padhub が保存しているあなたのデータのすべてです（アーカイブ作成時点）。プログラム向けの同じデータは、このページと同じ場所の JSON ファイルにあります。',
    made: '作成日時',
    profile: 'プロフィール',
    posts: '投稿',
    comments: 'コメントと返信',
    onPost: '投稿',
    likes: 'いいねした投稿',
    favourites: 'お気に入りの投稿',
    following: 'フォロー中',
    followers: 'フォロワー',
    blocks: 'ブロックした人',
    blacklist: 'ブラックリスト',
    configs: '設定',
    configsHint: 'configs.json は「あなたのデータ」ページから、この組織でも別の組織でも再インポートできます。',
    notifications: '通知設定',
    sessions: 'ログイン',
    files: '画像と動画は media フォルダにあります。',
    none: 'なし',
  },
  ko: {
    title: '내 Padhub 데이터',
    intro: 'Padhub가 보관하는 나에 관한 모든 데이터입니다(보관 파일을 만든 시점 기준). 프로그램용 같은 데이터는 이 페이지 옆의 JSON 파일에 있습니다.',
    made: '만든 시각',
    profile: '프로필',
    posts: '게시물',
    comments: '댓글과 답글',
    onPost: '게시물',
    likes: '좋아요한 게시물',
    favourites: '즐겨찾기한 게시물',
    following: '내가 팔로우하는 사람',
    followers: '내 팔로워',
    blocks: '차단한 사람',
    blacklist: '블랙리스트',
    configs: '설정',
    configsHint: 'configs.json은 "내 데이터" 페이지에서 이 조직이나 다른 조직에 다시 가져올 수 있습니다.',
    notifications: '알림 설정',
    sessions: '로그인 기록',
    files: '사진과 동영상은 media 폴더에 있습니다.',
    none: '없음',
  },
};
