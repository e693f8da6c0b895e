import type { security as source } from '@/locales/en/security.ts';
import type { Strings } from '@/locales/en/index.ts';

export const security: Strings<typeof source> = {
  sessions: {
    hint: '你的账号在这些地方登录。遇到不认识的登录请退出它；修改密码会退出除本设备外的所有登录。',
    current: '本设备',
    unknownDevice: '未知设备',
    loggedIn: '登录时间',
    lastUsed: '最近使用',
    seenAs: '服务器识别为',
    network: '网络',
    firstSeen: '首次出现',
    end: '退出',
    endName: '退出 {{device}}',
    ended: '已退出',
    endOthers: '退出其他所有设备',
    endedOthers_one: '已退出其他 {{count}} 个登录',
    endedOthers_other: '已退出其他 {{count}} 个登录',
    onlyThis: '只有本设备登录了你的账号。',
  },
  password: {
    current: '当前密码',
    new: '新密码',
    repeat: '再次输入新密码',
    rules: '8 到 128 个字符。',
    tooShort: '新密码至少需要 8 个字符。',
    same: '新密码不能与当前密码相同。',
    mismatch: '两次输入的新密码不一致。',
    save: '修改密码',
    changed: '密码已修改',
    changedEnded_one: '密码已修改，已退出其他 {{count}} 个登录。',
    changedEnded_other: '密码已修改，已退出其他 {{count}} 个登录。',
  },
};
