import type { NotificationTexts } from './en.ts';

export const ko: NotificationTexts = {
  text: {
    comment: '{{name}}님이 내 게시물에 댓글을 남겼습니다',
    reply: '{{name}}님이 내 댓글에 답글을 남겼습니다',
    mention: '{{name}}님이 나를 멘션했습니다',
    post_like: '{{name}}님이 내 게시물을 좋아합니다',
    comment_like: '{{name}}님이 내 댓글을 좋아합니다',
    config_copy: '{{name}}님이 내 구성의 사본을 저장했습니다',
    config_apply: '{{name}}님이 내 구성을 적용했습니다',
    follow: '{{name}}님이 나를 팔로우했습니다',
    post_passed: '내 게시물이 검토를 통과했습니다',
    post_not_passed: '내 게시물이 검토를 통과하지 못했습니다',
    post_not_passedBecause: '내 게시물이 검토를 통과하지 못했습니다: {{reason}}',
    post_removed: '내 게시물이 삭제되었습니다',
    post_removedBecause: '내 게시물이 삭제되었습니다: {{reason}}',
    comment_removed: '내 댓글이 삭제되었습니다',
    comment_removedBecause: '내 댓글이 삭제되었습니다: {{reason}}',
    reportActionTaken: '신고하신 내용에 조치를 취했습니다',
    reportNoAction: '신고하신 내용을 검토했으며 조치하지 않았습니다',
  },
  grouped: {
    post_like_one: '{{name}}님 외 {{count}}명이 내 게시물을 좋아합니다',
    post_like_other: '{{name}}님 외 {{count}}명이 내 게시물을 좋아합니다',
    comment_like_one: '{{name}}님 외 {{count}}명이 내 댓글을 좋아합니다',
    comment_like_other: '{{name}}님 외 {{count}}명이 내 댓글을 좋아합니다',
    config_copy_one: '{{name}}님 외 {{count}}명이 내 구성의 사본을 저장했습니다',
    config_copy_other: '{{name}}님 외 {{count}}명이 내 구성의 사본을 저장했습니다',
    config_apply_one: '{{name}}님 외 {{count}}명이 내 구성을 적용했습니다',
    config_apply_other: '{{name}}님 외 {{count}}명이 내 구성을 적용했습니다',
    follow_one: '{{name}}님 외 {{count}}명이 나를 팔로우했습니다',
    follow_other: '{{name}}님 외 {{count}}명이 나를 팔로우했습니다',
  },
  push: {
    reason: '사유: {{reason}}',
    deregistered: '탈퇴한 사용자',
  },
};
