import type { Strings } from '@/locales/en/index.ts';
import type { posting as source } from '@/locales/en/posting.ts';

export const posting: Strings<typeof source> = {
  textLabel: '게시물 내용',
  placeholder: '컨트롤러 설정, 매크로, 궁금한 점을 공유해 보세요',
  send: '게시',
  sending: '보내는 중',
  media: '사진과 동영상',
  addMedia: '사진 또는 동영상 추가',
  mediaCount: '사진 {{images}}/{{maxImages}} · 동영상 {{videos}}/{{maxVideos}}',
  image: '사진 {{index}}',
  video: '동영상',
  open: '{{name}} 열기',
  remove: '{{name}} 삭제',
  moveEarlier: '{{name}} 앞으로 이동',
  moveLater: '{{name}} 뒤로 이동',
  uploading: '{{name}} 업로드 중',
  model: '컨트롤러 모델',
  noModel: '특정 모델 없음',
  configs: '설정',
  configsAttached: '{{count}}개 첨부됨',
  discard: '임시 글 삭제',
  confirmDiscard: '이 임시 글을 삭제할까요? 내용과 선택한 파일이 삭제됩니다.',
  preparing: '파일 준비 중',
  alreadySent: '게시물이 이미 보내져서 다시 보내지 않았습니다',
  sendInDoubt: '서버에 도착했다면 다시 보내도 두 번 게시되지 않습니다',
  draftKept: '임시 글은 보낼 때까지 이 기기에 저장됩니다.',
};
