import type { hostCheck as source } from '@/locales/en/hostCheck.ts';
import type { Strings } from '@/locales/en/index.ts';

export const hostCheck: Strings<typeof source> = {
  title: '宿主检查',
  intro: '本页面在当前宿主（{{kind}}）上运行 Padhub 桥接协议第 1 版，并列出通过与未通过的检查。',
  running: '检查中…',
  done_one: '{{count}} 项检查中通过 {{passed}} 项。',
  done_other: '{{count}} 项检查中通过 {{passed}} 项。',
  steps: {
    cancelLogin: '宿主现在应显示登录界面：请取消。',
    login: '宿主应再次显示登录界面：这次请登录。',
    applyConfiguration: '宿主应询问是否应用一个配置：请接受或拒绝。',
    share: '宿主应弹出分享面板：分享或取消均可。',
  },
  pass: '通过',
  fail: '未通过',
  reasons: {
    ok: '符合协议。',
    notListed: 'hello 中未列出：页面不会调用。',
    missingMethods: 'hello 未列出必需的方法：',
    timeout: '未在时限内应答：',
    shape: '应答不符合 schema：',
    error: '以错误应答：',
    twice: '同一请求应答了两次。',
    wrongAnswer: '不是协议要求的应答：',
    noEvent: '没有收到事件：',
    badEvent: '不符合 schema 的事件：',
    noHost: '没有宿主：页面未找到桥接。',
  },
  copy: '复制报告（JSON）',
  copied: '报告已复制',
};
