import type { safety as source } from '@/locales/en/safety.ts';
import type { Strings } from '@/locales/en/index.ts';

export const safety: Strings<typeof source> = {
  report: {
    aboutPost: '게시물을 신고합니다',
    aboutComment: '댓글을 신고합니다',
    aboutUser: '사용자를 신고합니다',
    reasonLabel: '신고 사유',
    descriptionLabel: '설명',
    descriptionPlaceholder: '내용을 설명해 주세요',
    descriptionNeeded: '“기타”를 선택한 경우 내용을 설명해 주세요',
    send: '보내기',
    nothing: '신고할 내용이 없습니다.',
  },
  reports: {
    empty: '아직 신고한 내용이 없습니다.',
    post: '게시물',
    comment: '댓글',
    user: '사용자',
    gone: '더 이상 볼 수 없음',
    reason: '사유: {{reason}}',
  },
  lists: {
    blockedHint: '차단하면 상대의 게시물과 댓글이 보이지 않습니다. 상대는 여전히 내 콘텐츠를 볼 수 있으며, 블랙리스트에 추가하면 내 게시물을 보거나 답글을 달 수도 없습니다.',
    blacklistHint: '상대는 내 게시물을 보거나 나에게 답글을 달 수 없고, 나도 상대의 콘텐츠를 보지 않습니다. 차단은 나에게만 보이지 않게 합니다.',
    blockedEmpty: '차단한 사람이 없습니다.',
    blacklistEmpty: '블랙리스트가 비어 있습니다.',
    unblock: '차단 해제',
    unblockName: '{{name}} 차단 해제',
    unblocked: '차단을 해제했습니다',
    remove: '삭제',
    removeName: '{{name}}을(를) 블랙리스트에서 삭제',
    removed: '블랙리스트에서 삭제했습니다',
  },
};
