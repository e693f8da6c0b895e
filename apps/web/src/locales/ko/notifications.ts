import type { notifications as source } from '@/locales/en/notifications.ts';
import type { Strings } from '@/locales/en/index.ts';
import { ko as notificationTexts } from '@padhub/contracts/notification-texts/ko.ts';

export const notifications: Strings<typeof source> = {
  tabsLabel: '보기',
  tabs: { all: '전체', conversations: '멘션 및 답글' },
  markAllRead: '모두 읽음으로 표시',
  unread: '읽지 않음:',
  empty: '아직 알림이 없습니다.',
  emptyConversations: '아직 멘션이나 답글이 없습니다.',
  gone: '이 콘텐츠는 삭제되었거나 더 이상 볼 수 없습니다.',
  text: notificationTexts.text,
  grouped: notificationTexts.grouped,
  types: {
    comment: '내 게시물의 댓글',
    reply: '내 댓글의 답글',
    mention: '나를 멘션',
    post_like: '내 게시물의 좋아요',
    comment_like: '내 댓글의 좋아요',
    config_copy: '내 구성의 사본 저장',
    config_apply: '내 구성의 적용',
    follow: '새 팔로워',
    post_passed: '게시물 검토 통과',
    post_not_passed: '게시물 검토 미통과',
    post_removed: '게시물 삭제',
    comment_removed: '댓글 삭제',
    report_outcome: '내 신고의 처리 결과',
    video_processed: '내 동영상 변환 완료 또는 실패',
    new_sign_in: '새 기기나 네트워크에서의 로그인',
  },
  settings: {
    hint: '받은편지함에 들어올 알림과 휴대폰으로 푸시할 알림을 고르세요. 둘 다 끈 유형은 만들어지지 않습니다.',
    inbox: '받은편지함',
    push: '푸시',
  },
};
