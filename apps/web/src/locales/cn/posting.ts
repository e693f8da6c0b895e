import type { Strings } from '@/locales/en/index.ts';
import type { posting as source } from '@/locales/en/posting.ts';

export const posting: Strings<typeof source> = {
  textLabel: '帖子内容',
  placeholder: '分享你的手柄设置、宏配置或问题',
  send: '发布',
  sending: '发送中',
  media: '图片和视频',
  addMedia: '添加图片或视频',
  mediaCount: '图片 {{images}}/{{maxImages}} · 视频 {{videos}}/{{maxVideos}}',
  image: '图片{{index}}',
  video: '视频',
  open: '查看{{name}}',
  remove: '删除{{name}}',
  moveEarlier: '{{name}}前移',
  moveLater: '{{name}}后移',
  uploading: '正在上传{{name}}',
  model: '手柄型号',
  noModel: '不限型号',
  configs: '配置',
  configsAttached: '已添加 {{count}} 个',
  discard: '放弃草稿',
  confirmDiscard: '放弃这篇草稿？文字和已选的文件都会被删除。',
  preparing: '正在准备文件',
  alreadySent: '帖子已经发送过了，没有重复发送',
  sendInDoubt: '如果帖子已到达服务器，再次发送也不会重复发布',
  draftKept: '草稿会保存在本设备上，直到你发送为止',
};
