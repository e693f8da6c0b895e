import { type SeedGoods, spec, texts } from './catalogue.ts';

const tools = { cn: '附带拆装工具', en: 'Tools included', jp: '工具付き', ko: '공구 포함' };

export const partGoods: SeedGoods[] = [
  {
    slug: 'hall-stick-module',
    category: 'parts',
    texts: texts({
      name: { cn: '霍尔摇杆模组', en: 'Hall-Effect Stick Module', jp: 'ホール効果スティックモジュール', ko: '홀 이펙트 스틱 모듈' },
      description: {
        cn: '<p>给 Lite 换上不会漂移的霍尔摇杆。<strong>无需焊接</strong>，十分钟完成。</p><p>安装步骤见<a href="https://help.padhub.example/stick-module">帮助中心</a>。</p>',
        en: '<p>Give the Lite sticks that never drift. <strong>No soldering</strong>: ten minutes and done.</p><p>Step-by-step in the <a href="https://help.padhub.example/stick-module">help centre</a>.</p>',
        jp: '<p>Lite をドリフトしないホール効果スティックに。<strong>はんだ付け不要</strong>で 10 分で完了。</p><p>手順は<a href="https://help.padhub.example/stick-module">ヘルプセンター</a>へ。</p>',
        ko: '<p>Lite에 쏠림 없는 홀 이펙트 스틱을. <strong>납땜 없이</strong> 10분이면 끝납니다.</p><p>설치 방법은 <a href="https://help.padhub.example/stick-module">도움말 센터</a>에서.</p>',
      },
      specs: [spec('fits', 'Lite'), spec('inBox', { cn: '两个模组、拆装工具', en: 'Two modules, tools', jp: 'モジュール 2 個、工具', ko: '모듈 2개, 공구' })],
    }),
    pictures: [{ kind: 'stick-module', colour: '#3a3f4a', accent: '#2b2d33' }],
    variants: [{ slug: 'pair', names: { cn: '一对', en: 'Pair', jp: '2 個セット', ko: '2개 세트' }, price: 9900 }],
  },
  {
    slug: 'paddle-set',
    category: 'parts',
    texts: texts({
      name: { cn: '金属背键套件', en: 'Metal Paddle Set', jp: 'メタルパドルセット', ko: '메탈 패들 세트' },
      description: {
        cn: '<p>铝合金背键，按压清脆，替换 Elite X 的原装背键。</p>',
        en: '<p>Aluminium paddles with a crisp click, replacing the Elite X originals.</p>',
        jp: '<p>クリック感のはっきりしたアルミ製パドル。Elite X の純正パドルと交換できます。</p>',
        ko: '<p>또렷한 클릭감의 알루미늄 패들로 Elite X 기본 패들을 교체합니다.</p>',
      },
      specs: [spec('fits', 'Elite X'), spec('material', { cn: '铝合金', en: 'Aluminium', jp: 'アルミニウム', ko: '알루미늄' }), spec('inBox', tools)],
    }),
    pictures: [],
    variants: [
      { slug: 'silver', names: { cn: '银色', en: 'Silver', jp: 'シルバー', ko: '실버' }, price: 6900, picture: { kind: 'paddles', colour: '#c9ced6', accent: '#9aa0a8' } },
      { slug: 'gold', names: { cn: '金色', en: 'Gold', jp: 'ゴールド', ko: '골드' }, price: 7900, stock: 'sold_out', picture: { kind: 'paddles', colour: '#e6b422', accent: '#c8a84a' } },
    ],
  },
  {
    slug: 'face-buttons',
    category: 'parts',
    texts: texts({
      name: { cn: '替换 ABXY 按键', en: 'Replacement ABXY Buttons', jp: '交換用 ABXY ボタン', ko: '교체용 ABXY 버튼' },
      description: {
        cn: '<p>四色经典款或全透明款，换个心情。</p>',
        en: '<p>Classic four colours or clear: a new look in a few minutes.</p>',
        jp: '<p>定番の 4 色かクリアで、数分で気分一新。</p>',
        ko: '<p>클래식 4색 또는 투명 버튼으로 몇 분 만에 새로운 느낌을.</p>',
      },
      specs: [spec('fits', { cn: 'Pro 2、Lite', en: 'Pro 2, Lite', jp: 'Pro 2・Lite', ko: 'Pro 2, Lite' }), spec('inBox', tools)],
    }),
    pictures: [],
    variants: [
      { slug: 'classic', names: { cn: '经典四色', en: 'Classic', jp: 'クラシック', ko: '클래식' }, price: 2900, picture: { kind: 'buttons', colour: 'face' } },
      { slug: 'clear', names: { cn: '透明', en: 'Clear', jp: 'クリア', ko: '투명' }, price: 2900, picture: { kind: 'buttons', colour: '#d9e6f5' } },
    ],
  },
  {
    slug: 'trigger-stops',
    category: 'parts',
    texts: texts({
      name: { cn: '扳机限位套件', en: 'Trigger Stop Kit', jp: 'トリガーストップキット', ko: '트리거 스톱 키트' },
      description: {
        cn: '<p>缩短扳机行程，开枪更快。三种厚度可选。</p>',
        en: '<p>Shorter trigger travel for faster shots, in three thicknesses.</p>',
        jp: '<p>トリガーのストロークを短くして素早く撃てます。3 種類の厚さ入り。</p>',
        ko: '<p>트리거 깊이를 줄여 더 빠르게 쏠 수 있습니다. 세 가지 두께가 들어 있습니다.</p>',
      },
      specs: [spec('fits', { cn: 'Pro 2、Lite', en: 'Pro 2, Lite', jp: 'Pro 2・Lite', ko: 'Pro 2, Lite' }), spec('inBox', tools)],
    }),
    pictures: [{ kind: 'trigger-kit', colour: '#2b2d33', accent: '#e6b422' }],
    variants: [{ slug: 'kit', names: { cn: '套件', en: 'Kit', jp: 'キット', ko: '키트' }, price: 1900, oldPrice: 2900 }],
  },
  {
    slug: 'battery-pack',
    category: 'parts',
    texts: texts({
      name: { cn: '2000 mAh 大容量电池', en: '2000 mAh Battery Pack', jp: '2000mAh 大容量バッテリー', ko: '2000mAh 대용량 배터리' },
      description: {
        cn: '<p>替换 Pro 2 原装电池，续航提升到约 45 小时。</p>',
        en: '<p>Replaces the Pro 2 battery and takes it to about 45 hours.</p>',
        jp: '<p>Pro 2 の純正バッテリーと交換して約 45 時間に。</p>',
        ko: '<p>Pro 2 기본 배터리를 교체해 약 45시간까지 늘려 줍니다.</p>',
      },
      specs: [spec('fits', 'Pro 2'), spec('capacity', '2000 mAh'), spec('battery', { cn: '约 45 小时', en: 'About 45 hours', jp: '約 45 時間', ko: '약 45시간' })],
    }),
    pictures: [{ kind: 'battery', colour: '#2b2d33', accent: '#2fa84f' }],
    variants: [{ slug: 'standard', names: { cn: '标准', en: 'Standard', jp: 'スタンダード', ko: '스탠다드' }, price: 7900, stock: 'coming_soon' }],
  },
  {
    slug: 'dpad',
    category: 'parts',
    texts: texts({
      name: { cn: '替换十字键', en: 'Replacement D-pad', jp: '交換用十字キー', ko: '교체용 방향 패드' },
      description: {
        cn: '<p>圆盘款适合格斗游戏的搓招，十字款适合平台跳跃。</p>',
        en: '<p>The disc suits fighting-game motions; the cross suits platformers.</p>',
        jp: '<p>円盤型は格闘ゲームのコマンド入力に、十字型はアクションゲームに。</p>',
        ko: '<p>원반형은 격투 게임 커맨드에, 십자형은 플랫포머에 어울립니다.</p>',
      },
      specs: [spec('fits', { cn: 'Pro 2、Elite X', en: 'Pro 2, Elite X', jp: 'Pro 2・Elite X', ko: 'Pro 2, Elite X' })],
    }),
    pictures: [{ kind: 'dpad', colour: '#3a3f4a', accent: '#2b2d33' }],
    variants: [
      { slug: 'disc', names: { cn: '圆盘', en: 'Disc', jp: '円盤型', ko: '원반형' }, price: 2500 },
      { slug: 'cross', names: { cn: '十字', en: 'Cross', jp: '十字型', ko: '십자형' }, price: 2500, oldPrice: 2900 },
    ],
  },
];
