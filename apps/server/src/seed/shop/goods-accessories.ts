import { type SeedGoods, colour, spec, texts } from './catalogue.ts';

const fitsPads = { cn: 'Pro 2、Lite、Elite X', en: 'Pro 2, Lite, Elite X', jp: 'Pro 2・Lite・Elite X', ko: 'Pro 2, Lite, Elite X' };

export const accessoryGoods: SeedGoods[] = [
  {
    slug: 'charging-dock',
    category: 'accessories',
    texts: texts({
      name: { cn: '磁吸充电座', en: 'Magnetic Charging Dock', jp: 'マグネット充電スタンド', ko: '마그네틱 충전 독' },
      description: {
        cn: '<p>放上去就开始充电，指示灯告诉你何时充满。底部防滑。</p>',
        en: '<p>Set the controller down and it charges; the light tells you when it is full. Non-slip base.</p>',
        jp: '<p>置くだけで充電開始。満充電はランプでお知らせ。滑りにくい底面。</p>',
        ko: '<p>올려놓기만 하면 충전이 시작되고, 표시등이 완충을 알려 줍니다. 미끄럼 방지 바닥.</p>',
      },
      specs: [spec('fits', fitsPads), spec('charging', { cn: '约 2.5 小时充满', en: 'Full in about 2.5 hours', jp: '約 2.5 時間で満充電', ko: '약 2.5시간 완충' }), spec('connection', 'USB-C')],
    }),
    pictures: [],
    variants: [
      { slug: 'black', names: colour.black.names, price: 14900, picture: { kind: 'dock', colour: colour.black.hex, accent: '#2fa84f' } },
      { slug: 'white', names: colour.white.names, price: 14900, picture: { kind: 'dock', colour: colour.white.hex, accent: '#3b6fd8' } },
    ],
  },
  {
    slug: 'carrying-case',
    category: 'accessories',
    texts: texts({
      name: { cn: '硬壳收纳包', en: 'Hard Carrying Case', jp: 'ハードキャリングケース', ko: '하드 캐링 케이스' },
      description: {
        cn: '<p>EVA 硬壳，内衬可放手柄、线材和摇杆帽。出门比赛不用担心。</p>',
        en: '<p>A hard EVA shell with room inside for the controller, a cable and spare stick caps. Take it to the tournament without worry.</p>',
        jp: '<p>EVA ハードシェル。本体・ケーブル・予備のスティックキャップが入ります。大会への持ち運びも安心。</p>',
        ko: '<p>EVA 하드 쉘 안에 컨트롤러, 케이블, 여분의 스틱 캡을 넣을 수 있습니다. 대회에 가져가도 안심입니다.</p>',
      },
      specs: [spec('fits', fitsPads), spec('material', 'EVA'), spec('size', '210 × 160 × 75 mm')],
    }),
    pictures: [],
    variants: [
      { slug: 'grey', names: colour.grey.names, price: 8900, oldPrice: 9900, picture: { kind: 'case', colour: colour.grey.hex, accent: '#e2e6ed' } },
      { slug: 'blue', names: colour.blue.names, price: 8900, stock: 'sold_out', picture: { kind: 'case', colour: colour.blue.hex, accent: '#f2f2f2' } },
    ],
  },
  {
    slug: 'braided-cable',
    category: 'accessories',
    texts: texts({
      name: { cn: 'USB-C 编织数据线', en: 'Braided USB-C Cable', jp: 'USB-C 編み込みケーブル', ko: 'USB-C 브레이드 케이블' },
      description: {
        cn: '<p>尼龙编织，弯折一万次不断。有线模式延迟更低。</p>',
        en: '<p>Nylon braided and tested to ten thousand bends. Wired play has the lowest latency.</p>',
        jp: '<p>ナイロン編み込みで 1 万回の折り曲げ試験済み。有線ならさらに低遅延。</p>',
        ko: '<p>나일론 브레이드로 1만 번 굽힘 테스트를 통과했습니다. 유선 플레이는 지연이 가장 적습니다.</p>',
      },
      specs: [spec('connection', 'USB-C ↔ USB-A'), spec('material', { cn: '尼龙编织', en: 'Braided nylon', jp: 'ナイロン編み込み', ko: '나일론 브레이드' })],
    }),
    pictures: [],
    variants: [
      { slug: '1m', names: { cn: '1 米', en: '1 m', jp: '1 m', ko: '1m' }, price: 3900, picture: { kind: 'cable', colour: '#2b2d33', accent: '#3b6fd8' } },
      { slug: '3m', names: { cn: '3 米', en: '3 m', jp: '3 m', ko: '3m' }, price: 5900, picture: { kind: 'cable', colour: '#c8313b', accent: '#2b2d33' } },
    ],
  },
  {
    slug: 'wireless-adapter',
    category: 'accessories',
    texts: texts({
      name: { cn: '2.4G 无线接收器', en: '2.4 GHz Wireless Adapter', jp: '2.4GHz ワイヤレスアダプター', ko: '2.4GHz 무선 어댑터' },
      description: {
        cn: '<p>插上电脑即可使用，延迟低于蓝牙。可同时连接两个手柄。</p>',
        en: '<p>Plug it into a PC and play, with less latency than Bluetooth. Two controllers at once.</p>',
        jp: '<p>PC に挿すだけ。Bluetooth より低遅延で、2 台まで同時接続。</p>',
        ko: '<p>PC에 꽂기만 하면 됩니다. 블루투스보다 지연이 적고 컨트롤러 2대를 동시에 연결합니다.</p>',
      },
      specs: [spec('fits', { cn: 'Pro 2、Elite X', en: 'Pro 2, Elite X', jp: 'Pro 2・Elite X', ko: 'Pro 2, Elite X' }), spec('connection', 'USB-A / USB-C')],
    }),
    pictures: [{ kind: 'adapter', colour: '#1d1f24', accent: '#3b6fd8' }],
    variants: [{ slug: 'standard', names: { cn: '标准', en: 'Standard', jp: 'スタンダード', ko: '스탠다드' }, price: 12900 }],
  },
  {
    slug: 'thumb-grips',
    category: 'accessories',
    texts: texts({
      name: { cn: '摇杆帽（四只装）', en: 'Thumb Grips, Set of 4', jp: 'サムグリップ 4 個セット', ko: '썸 그립 4개 세트' },
      description: {
        cn: '<p>加高 3 mm，防滑纹理，操作更精准。</p>',
        en: '<p>3 mm taller with a grippy texture, for finer control.</p>',
        jp: '<p>3mm 高く、滑りにくい表面で細かい操作がしやすくなります。</p>',
        ko: '<p>3mm 더 높고 미끄럼 방지 질감으로 더 정밀하게 조작할 수 있습니다.</p>',
      },
      specs: [spec('fits', fitsPads), spec('material', { cn: '硅胶', en: 'Silicone', jp: 'シリコン', ko: '실리콘' })],
    }),
    pictures: [],
    variants: [
      { slug: 'mixed', names: { cn: '混色', en: 'Mixed colours', jp: 'ミックスカラー', ko: '혼합 색상' }, price: 2900, picture: { kind: 'grips', colour: '#e23b3b', accent: '#3b6fd8' } },
      { slug: 'black', names: colour.black.names, price: 2900, oldPrice: 3900, picture: { kind: 'grips', colour: '#2b2d33', accent: '#50545c' } },
    ],
  },
  {
    slug: 'silicone-skin',
    category: 'accessories',
    texts: texts({
      name: { cn: 'Pro 2 硅胶保护套', en: 'Silicone Skin for Pro 2', jp: 'Pro 2 用シリコンスキン', ko: 'Pro 2 실리콘 스킨' },
      description: {
        cn: '<p>贴合 Pro 2 的每一条曲线，防汗防滑，不挡背键。</p>',
        en: '<p>Follows every curve of the Pro 2, keeps sweat off and leaves the back paddles free.</p>',
        jp: '<p>Pro 2 の曲線にぴったり。汗や滑りを防ぎ、背面パドルは塞ぎません。</p>',
        ko: '<p>Pro 2의 곡선에 꼭 맞고 땀과 미끄러짐을 막으며 후면 패들을 가리지 않습니다.</p>',
      },
      specs: [spec('fits', 'Pro 2'), spec('material', { cn: '硅胶', en: 'Silicone', jp: 'シリコン', ko: '실리콘' })],
    }),
    pictures: [],
    variants: [
      { slug: 'purple', names: colour.purple.names, price: 4900, picture: { kind: 'skin', colour: colour.purple.hex } },
      { slug: 'mint', names: colour.mint.names, price: 4900, picture: { kind: 'skin', colour: colour.mint.hex } },
      { slug: 'red', names: colour.red.names, price: 4900, stock: 'coming_soon', picture: { kind: 'skin', colour: colour.red.hex } },
    ],
  },
  {
    // Not translated into Korean: Korean readers get the organisation's default language (Chinese).
    slug: 'phone-clip',
    category: 'accessories',
    texts: texts({
      name: { cn: '手机支架夹', en: 'Phone Clip', jp: 'スマホクリップ' },
      description: {
        cn: '<p>把手机固定在手柄上方，云游戏和手游都顺手。可调角度，最大支持 7 英寸手机。</p>',
        en: '<p>Holds your phone above the controller for cloud and mobile games. Adjustable angle, phones up to 7 inches.</p>',
        jp: '<p>スマホをコントローラーの上に固定。クラウドゲームやモバイルゲームに。角度調整可、7 インチまで対応。</p>',
      },
      specs: [spec('fits', fitsPads), spec('size', { cn: '最大 7 英寸', en: 'Up to 7 inches', jp: '最大 7 インチ' })],
    }),
    pictures: [{ kind: 'clip', colour: '#2b2d33' }],
    variants: [{ slug: 'black', names: colour.black.names, price: 3900 }],
  },
  {
    slug: 'arcade-bag',
    category: 'accessories',
    texts: texts({
      name: { cn: '街机摇杆背包', en: 'Arcade Stick Bag', jp: 'アーケードスティック用バッグ', ko: '아케이드 스틱 가방' },
      description: {
        cn: '<p>加厚内衬，肩带可调，装得下摇杆和线材。</p>',
        en: '<p>Padded inside with an adjustable strap; fits the stick and its cable.</p>',
        jp: '<p>厚手の内装と調節できるストラップ。スティックとケーブルが入ります。</p>',
        ko: '<p>두꺼운 내부 패딩과 조절 가능한 끈. 스틱과 케이블이 들어갑니다.</p>',
      },
      specs: [spec('fits', { cn: '街机摇杆', en: 'Arcade Stick', jp: 'アーケードスティック', ko: '아케이드 스틱' }), spec('size', '500 × 320 × 130 mm')],
    }),
    pictures: [],
    variants: [{ slug: 'black', names: colour.black.names, price: 15900, oldPrice: 19900, picture: { kind: 'bag', colour: '#2b2d33', accent: '#c8313b' } }],
  },
];
