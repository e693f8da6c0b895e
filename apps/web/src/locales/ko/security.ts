import type { security as source } from '@/locales/en/security.ts';
import type { Strings } from '@/locales/en/index.ts';

export const security: Strings<typeof source> = {
  sessions: {
    hint: '계정이 로그인된 곳입니다. 알 수 없는 로그인은 로그아웃하세요. 비밀번호를 바꾸면 이 기기를 뺀 모든 곳에서 로그아웃됩니다.',
    current: '이 기기',
    unknownDevice: '알 수 없는 기기',
    loggedIn: '로그인',
    lastUsed: '마지막 사용',
    seenAs: '서버가 확인한 기기',
    network: '네트워크',
    firstSeen: '처음 확인',
    end: '로그아웃',
    endName: '{{device}} 로그아웃',
    ended: '로그아웃했습니다',
    endOthers: '다른 모든 기기에서 로그아웃',
    endedOthers_one: '다른 로그인 {{count}}개를 로그아웃했습니다',
    endedOthers_other: '다른 로그인 {{count}}개를 로그아웃했습니다',
    onlyThis: '이 기기에만 로그인되어 있습니다.',
  },
  password: {
    current: '현재 비밀번호',
    new: '새 비밀번호',
    repeat: '새 비밀번호 확인',
    rules: '8~128자.',
    tooShort: '새 비밀번호는 8자 이상이어야 합니다.',
    same: '새 비밀번호는 현재 비밀번호와 달라야 합니다.',
    mismatch: '새 비밀번호가 서로 다릅니다.',
    save: '비밀번호 변경',
    changed: '비밀번호를 변경했습니다',
    changedEnded_one: '비밀번호를 변경했습니다. 다른 로그인 {{count}}개를 로그아웃했습니다.',
    changedEnded_other: '비밀번호를 변경했습니다. 다른 로그인 {{count}}개를 로그아웃했습니다.',
  },
};
