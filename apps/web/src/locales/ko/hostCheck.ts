import type { hostCheck as source } from '@/locales/en/hostCheck.ts';
import type { Strings } from '@/locales/en/index.ts';

export const hostCheck: Strings<typeof source> = {
  title: '호스트 점검',
  intro: '이 페이지는 실행 중인 호스트({{kind}})에서 Padhub 브리지 1판을 실행하고 통과한 항목과 실패한 항목을 보여 줍니다.',
  running: '점검 중…',
  done_one: '{{count}}개 점검 중 {{passed}}개 통과.',
  done_other: '{{count}}개 점검 중 {{passed}}개 통과.',
  steps: {
    cancelLogin: '호스트가 지금 로그인 화면을 보여 줍니다. 취소하세요.',
    login: '호스트가 다시 로그인 화면을 보여 줍니다. 이번에는 로그인하세요.',
    applyConfiguration: '호스트가 구성 적용을 묻습니다. 수락하거나 거절하세요.',
    share: '호스트가 공유 시트를 표시합니다. 공유하거나 취소하세요.',
  },
  pass: '통과',
  fail: '실패',
  reasons: {
    ok: '프로토콜대로입니다.',
    notListed: 'hello에 없으므로 페이지가 호출하지 않습니다.',
    missingMethods: 'hello에 필수 메서드가 없습니다:',
    timeout: '제시간에 응답이 없습니다:',
    shape: '응답이 스키마에 맞지 않습니다:',
    error: '오류로 응답했습니다:',
    twice: '같은 요청에 두 번 응답했습니다.',
    wrongAnswer: '프로토콜이 요구하는 응답이 아닙니다:',
    noEvent: '이벤트가 오지 않았습니다:',
    badEvent: '스키마에 맞지 않는 이벤트:',
    noHost: '호스트가 없습니다. 브리지를 찾지 못했습니다.',
  },
  copy: '보고서 복사 (JSON)',
  copied: '보고서를 복사했습니다',
};
