import { type SeedGoods, colour, spec, texts } from './catalogue.ts';

/** The four controller models of the padhub organisation (ids as in its `models`), and a draft. */
export const controllerGoods: SeedGoods[] = [
  {
    slug: 'pro-2',
    category: 'controllers',
    model: 'pro-2',
    texts: texts({
      name: { cn: 'Padhub Pro 2 无线手柄', en: 'Padhub Pro 2 Wireless Controller', jp: 'Padhub Pro 2 ワイヤレスコントローラー', ko: 'Padhub Pro 2 무선 컨트롤러' },
      description: {
        cn: '<p>为每天都在玩的人打造的旗舰手柄。<strong>霍尔效应摇杆</strong>不会漂移，两个背键可以映射任何按键，六轴体感让瞄准更细腻。</p><ul><li>三种连接：蓝牙、2.4G、USB-C 有线</li><li>配置通过 Padhub 应用一键下发</li><li>续航约 30 小时</li></ul>',
        en: '<p>The flagship controller for people who play every day. <strong>Hall-effect sticks</strong> that do not drift, two back paddles you can map to anything, and six-axis motion for finer aim.</p><ul><li>Three ways to connect: Bluetooth, 2.4 GHz and USB-C cable</li><li>Configurations applied from the Padhub app in one tap</li><li>About 30 hours per charge</li></ul>',
        jp: '<p>毎日遊ぶ人のためのフラッグシップ。ドリフトしない<strong>ホール効果スティック</strong>、自由に割り当てられる背面パドル 2 つ、狙いを細かく合わせられる 6 軸ジャイロ。</p><ul><li>Bluetooth・2.4GHz・USB-C 有線の 3 通りで接続</li><li>Padhub アプリから設定をワンタップで適用</li><li>1 回の充電で約 30 時間</li></ul>',
        ko: '<p>매일 게임하는 사람을 위한 플래그십 컨트롤러. 쏠림이 없는 <strong>홀 이펙트 스틱</strong>, 무엇이든 할당할 수 있는 후면 패들 2개, 정밀한 조준을 위한 6축 자이로.</p><ul><li>블루투스, 2.4GHz, USB-C 유선 세 가지 연결</li><li>Padhub 앱에서 설정을 한 번에 적용</li><li>한 번 충전으로 약 30시간</li></ul>',
      },
      specs: [
        spec('weight', '245 g'),
        spec('connection', { cn: '蓝牙 5.2 / 2.4G / USB-C', en: 'Bluetooth 5.2 / 2.4 GHz / USB-C', jp: 'Bluetooth 5.2 / 2.4GHz / USB-C', ko: '블루투스 5.2 / 2.4GHz / USB-C' }),
        spec('sticks', { cn: '霍尔效应', en: 'Hall effect', jp: 'ホール効果', ko: '홀 이펙트' }),
        spec('paddles', '2'),
        spec('gyro', { cn: '六轴', en: 'Six-axis', jp: '6 軸', ko: '6축' }),
        spec('battery', { cn: '约 30 小时', en: 'About 30 hours', jp: '約 30 時間', ko: '약 30시간' }),
      ],
    }),
    pictures: [{ kind: 'pad-back', colour: colour.black.hex, accent: '#e23b3b' }],
    variants: [
      { slug: 'black', names: colour.black.names, price: 59900, picture: { kind: 'pad', colour: colour.black.hex } },
      { slug: 'white', names: colour.white.names, price: 59900, oldPrice: 65900, picture: { kind: 'pad', colour: colour.white.hex } },
      {
        slug: 'crimson-limited',
        names: { cn: '赤焰红 限定版', en: 'Crimson Limited Edition', jp: 'クリムゾン 限定版', ko: '크림슨 한정판' },
        price: 69900,
        stock: 'coming_soon',
        picture: { kind: 'pad', colour: colour.red.hex },
      },
    ],
  },
  {
    slug: 'lite',
    category: 'controllers',
    model: 'lite',
    texts: texts({
      name: { cn: 'Padhub Lite 手柄', en: 'Padhub Lite Controller', jp: 'Padhub Lite コントローラー', ko: 'Padhub Lite 컨트롤러' },
      description: {
        cn: '<p>轻巧、耐用、价格友好。适合入门玩家和客厅里的第二个手柄。</p><p>支持按键映射与宏，配置可以在社区里分享。</p>',
        en: '<p>Light, tough and easy on the wallet: a first controller, or the second one for the living room.</p><p>Button mapping and macros included, and configurations you can share in the community.</p>',
        jp: '<p>軽くて丈夫、お手頃価格。はじめての 1 台にも、リビング用の 2 台目にも。</p><p>ボタン割り当てとマクロに対応し、設定はコミュニティで共有できます。</p>',
        ko: '<p>가볍고 튼튼하며 가격 부담이 적습니다. 첫 컨트롤러로도, 거실용 두 번째 컨트롤러로도 좋습니다.</p><p>버튼 매핑과 매크로를 지원하고 설정을 커뮤니티에서 공유할 수 있습니다.</p>',
      },
      specs: [
        spec('weight', '198 g'),
        spec('connection', { cn: '蓝牙 5.0 / USB-C', en: 'Bluetooth 5.0 / USB-C', jp: 'Bluetooth 5.0 / USB-C', ko: '블루투스 5.0 / USB-C' }),
        spec('battery', { cn: '约 20 小时', en: 'About 20 hours', jp: '約 20 時間', ko: '약 20시간' }),
      ],
    }),
    pictures: [],
    variants: [
      { slug: 'black', names: colour.black.names, price: 19900, picture: { kind: 'pad', colour: colour.black.hex } },
      { slug: 'mint', names: colour.mint.names, price: 19900, oldPrice: 24900, picture: { kind: 'pad', colour: colour.mint.hex } },
      { slug: 'coral', names: colour.coral.names, price: 19900, stock: 'sold_out', picture: { kind: 'pad', colour: colour.coral.hex } },
    ],
  },
  {
    slug: 'elite-x',
    category: 'controllers',
    model: 'elite-x',
    texts: texts({
      name: { cn: 'Padhub Elite X 专业手柄', en: 'Padhub Elite X Pro Controller', jp: 'Padhub Elite X プロコントローラー', ko: 'Padhub Elite X 프로 컨트롤러' },
      description: {
        cn: '<p>为比赛而生：<strong>四个背键</strong>、可调扳机行程、可更换摇杆帽。</p><ul><li>三档扳机锁，射击游戏更快一步</li><li>板载五套配置，随时切换</li></ul>',
        en: '<p>Made for competition: <strong>four back paddles</strong>, adjustable trigger travel and swappable stick caps.</p><ul><li>Three-step trigger stops for faster shooting</li><li>Five configurations on board, switch at any time</li></ul>',
        jp: '<p>競技のために：<strong>背面パドル 4 つ</strong>、調整できるトリガーストローク、交換式スティックキャップ。</p><ul><li>3 段階のトリガーストップでシューターに一歩先を</li><li>本体に 5 つの設定を保存していつでも切り替え</li></ul>',
        ko: '<p>경기를 위해 만들었습니다: <strong>후면 패들 4개</strong>, 조절 가능한 트리거 깊이, 교체형 스틱 캡.</p><ul><li>3단 트리거 스톱으로 더 빠른 사격</li><li>본체에 설정 5개 저장, 언제든 전환</li></ul>',
      },
      specs: [
        spec('weight', '280 g'),
        spec('paddles', '4'),
        spec('gyro', { cn: '六轴', en: 'Six-axis', jp: '6 軸', ko: '6축' }),
        spec('battery', { cn: '约 40 小时', en: 'About 40 hours', jp: '約 40 時間', ko: '약 40시간' }),
        spec('inBox', { cn: '手柄、收纳包、四个摇杆帽、USB-C 线', en: 'Controller, case, four stick caps, USB-C cable', jp: '本体、ケース、スティックキャップ 4 個、USB-C ケーブル', ko: '컨트롤러, 케이스, 스틱 캡 4개, USB-C 케이블' }),
      ],
    }),
    pictures: [{ kind: 'pad-back', colour: colour.carbon.hex, accent: '#e6b422' }],
    variants: [
      { slug: 'carbon', names: colour.carbon.names, price: 99900, picture: { kind: 'pad', colour: colour.carbon.hex } },
      {
        slug: 'carbon-dock',
        names: { cn: '碳纤黑 + 充电座套装', en: 'Carbon + Charging Dock', jp: 'カーボン + 充電スタンド セット', ko: '카본 + 충전 독 세트' },
        price: 109900,
        oldPrice: 119800,
        picture: { kind: 'dock', colour: colour.carbon.hex, accent: '#e6b422' },
      },
    ],
  },
  {
    slug: 'arcade',
    category: 'controllers',
    model: 'arcade',
    texts: texts({
      name: { cn: 'Padhub 街机摇杆', en: 'Padhub Arcade Stick', jp: 'Padhub アーケードスティック', ko: 'Padhub 아케이드 스틱' },
      description: {
        cn: '<p>八键布局，静音微动，金属底板。格斗游戏玩家的桌面主力。</p>',
        en: '<p>Eight-button layout, quiet switches and a steel base plate: the desk companion of fighting-game players.</p>',
        jp: '<p>8 ボタン配置、静音スイッチ、スチール底板。格闘ゲーマーの机の主役です。</p>',
        ko: '<p>8버튼 배열, 저소음 스위치, 스틸 바닥판. 격투 게임 플레이어의 책상 위 주력 장비입니다.</p>',
      },
      specs: [
        spec('weight', '2.1 kg'),
        spec('size', '460 × 280 × 110 mm'),
        spec('buttons', { cn: '8 个 30 mm 按键', en: 'Eight 30 mm buttons', jp: '30mm ボタン 8 個', ko: '30mm 버튼 8개' }),
        spec('connection', 'USB-C'),
      ],
    }),
    pictures: [],
    variants: [
      { slug: 'standard', names: { cn: '标准版', en: 'Standard', jp: 'スタンダード', ko: '스탠다드' }, price: 89900, picture: { kind: 'arcade', colour: '#23262d', accent: '#d83b3b' } },
      {
        slug: 'tournament',
        names: { cn: '赛事版', en: 'Tournament Edition', jp: 'トーナメントエディション', ko: '토너먼트 에디션' },
        price: 129900,
        stock: 'coming_soon',
        picture: { kind: 'arcade', colour: '#f2f2f2', accent: '#3b6fd8' },
      },
    ],
  },
  {
    // Not published yet: admins see it in the console, users nowhere.
    slug: 'pro-2-anniversary',
    category: 'controllers',
    model: 'pro-2',
    draft: true,
    texts: texts({
      name: { cn: 'Padhub Pro 2 周年纪念版', en: 'Padhub Pro 2 Anniversary Edition', jp: 'Padhub Pro 2 アニバーサリーエディション', ko: 'Padhub Pro 2 기념판' },
      description: { cn: '<p>即将公布。</p>', en: '<p>Coming soon.</p>', jp: '<p>近日公開。</p>', ko: '<p>곧 공개됩니다.</p>' },
      specs: [spec('weight', '245 g')],
    }),
    pictures: [],
    variants: [{ slug: 'purple', names: colour.purple.names, price: 79900, picture: { kind: 'pad', colour: colour.purple.hex } }],
  },
];
