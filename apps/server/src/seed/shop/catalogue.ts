import type { GoodsText, Lang, PerLanguage, SpecRow, StockState } from '@padhub/contracts';
import type { Drawing } from './drawings.ts';

/** The demo shop, written as the brand's admins would: names, descriptions and specifications per language. */
export type CategoryKey = 'controllers' | 'accessories' | 'parts';

export const categories: { key: CategoryKey; names: Record<Lang, string> }[] = [
  { key: 'controllers', names: { cn: '手柄', en: 'Controllers', jp: 'コントローラー', ko: '컨트롤러' } },
  { key: 'accessories', names: { cn: '配件', en: 'Accessories', jp: 'アクセサリー', ko: '액세서리' } },
  { key: 'parts', names: { cn: '零件', en: 'Parts', jp: 'パーツ', ko: '부품' } },
];

interface SeedVariant {
  slug: string;
  names: PerLanguage<string>;
  /** In the organisation currency's minor unit (fen). */
  price: number;
  oldPrice?: number;
  stock?: StockState;
  /** The variant's own picture (its colour), shown before the goods' pictures. */
  picture?: Drawing;
}

export interface SeedGoods {
  slug: string;
  category: CategoryKey;
  model?: string;
  texts: PerLanguage<GoodsText>;
  pictures: Drawing[];
  variants: SeedVariant[];
  /** A draft the admins have not published yet. */
  draft?: boolean;
}

type Words = PerLanguage<string>;

/** Specification labels, shared by the goods. */
export const label = {
  weight: { cn: '重量', en: 'Weight', jp: '重量', ko: '무게' },
  battery: { cn: '续航', en: 'Battery life', jp: '連続使用時間', ko: '배터리 사용 시간' },
  connection: { cn: '连接方式', en: 'Connection', jp: '接続方式', ko: '연결 방식' },
  fits: { cn: '适用型号', en: 'Fits', jp: '対応モデル', ko: '호환 모델' },
  size: { cn: '尺寸', en: 'Size', jp: 'サイズ', ko: '크기' },
  material: { cn: '材质', en: 'Material', jp: '素材', ko: '소재' },
  length: { cn: '长度', en: 'Length', jp: '長さ', ko: '길이' },
  inBox: { cn: '包装内容', en: 'In the box', jp: '同梱物', ko: '구성품' },
  sticks: { cn: '摇杆', en: 'Sticks', jp: 'スティック', ko: '스틱' },
  paddles: { cn: '背键', en: 'Back paddles', jp: '背面パドル', ko: '후면 패들' },
  gyro: { cn: '体感', en: 'Motion control', jp: 'ジャイロ', ko: '자이로' },
  capacity: { cn: '容量', en: 'Capacity', jp: '容量', ko: '용량' },
  charging: { cn: '充电', en: 'Charging', jp: '充電', ko: '충전' },
  buttons: { cn: '按键', en: 'Buttons', jp: 'ボタン', ko: '버튼' },
} satisfies Record<string, Words>;

export const colour = {
  black: { hex: '#1d1f24', names: { cn: '午夜黑', en: 'Midnight Black', jp: 'ミッドナイトブラック', ko: '미드나이트 블랙' } },
  white: { hex: '#eef0f3', names: { cn: '极地白', en: 'Arctic White', jp: 'アークティックホワイト', ko: '아틱 화이트' } },
  red: { hex: '#c8313b', names: { cn: '赤焰红', en: 'Crimson', jp: 'クリムゾン', ko: '크림슨' } },
  mint: { hex: '#7fd3b4', names: { cn: '薄荷绿', en: 'Mint', jp: 'ミント', ko: '민트' } },
  coral: { hex: '#f08a6c', names: { cn: '珊瑚橙', en: 'Coral', jp: 'コーラル', ko: '코랄' } },
  carbon: { hex: '#2a2c31', names: { cn: '碳纤黑', en: 'Carbon', jp: 'カーボン', ko: '카본' } },
  grey: { hex: '#8a9099', names: { cn: '岩石灰', en: 'Stone Grey', jp: 'ストーングレー', ko: '스톤 그레이' } },
  blue: { hex: '#3b6fd8', names: { cn: '海湾蓝', en: 'Bay Blue', jp: 'ベイブルー', ko: '베이 블루' } },
  purple: { hex: '#7a4cc2', names: { cn: '星云紫', en: 'Nebula Purple', jp: 'ネビュラパープル', ko: '네뷸라 퍼플' } },
} satisfies Record<string, { hex: string; names: Words }>;

/** One row of specifications: a shared label, and a value that is the same in every language or translated. */
export const spec = (key: keyof typeof label, value: string | Words) => ({ label: label[key], value });

export interface GoodsWords {
  name: Words;
  description: Words;
  specs: ReturnType<typeof spec>[];
}

/** Texts in the languages the name is written in: leave a language out of `name` to leave it untranslated. */
export function texts({ name, description, specs }: GoodsWords): PerLanguage<GoodsText> {
  const out: PerLanguage<GoodsText> = {};
  for (const lang of Object.keys(name) as Lang[]) {
    const rows: SpecRow[] = specs.map((row) => ({
      label: row.label[lang],
      value: typeof row.value === 'string' ? row.value : (row.value[lang] ?? row.value.en ?? ''),
    }));
    out[lang] = { name: name[lang]!, description: description[lang] ?? '', specs: rows };
  }
  return out;
}
