/**
 * The words of bench/seed-scale.ts's community: the fragments posts are put together from, the
 * long tail of words, the models, and the rare word. bench/search-queries.ts makes its queries
 * from the same vocabulary.
 */

/** A word found in about 28 posts of a million, all in English. */
export const RARE_WORD = 'quokkadrift';
export const MODELS = ['pro-2', 'lite', 'elite-x', 'arcade'];
/** A model only carried configurations are for: a feed filtered by it finds posts by what they carry alone. */
export const CARRIED_ONLY = 'mini';

/**
 * Openers, middles and closers per language; a post is one of each plus a long-tail word. A few
 * mix scripts as people do ('PS5 背键…'), so a query can too.
 */
export const FRAGMENTS: Record<string, [string[], string[], string[]]> = {
  cn: [
    ['这个手柄的宏配置分享', '新买的手柄到了', '背键映射终于调好了', '求推荐一款适合格斗游戏的手柄', '摇杆漂移怎么办', '分享一个射击游戏的按键设置', '今天把扳机键程改短了', '手柄连发功能测试', '周末整理了一下手柄配置', '第一次用精英手柄', '有没有人用过街机摇杆', '震动强度调低以后舒服多了'],
    ['摇杆死区设成百分之五', 'PS5 背键绑定跳跃和换弹', '宏按键一键连招', '陀螺仪瞄准很准', 'Xbox 十字键手感不错', '扳机键加了行程限制', '按键映射导出了文件', '蓝牙连接很稳定', '续航大概二十小时', '有线模式延迟更低', '灵敏度曲线改成线性', '配置已经上传'],
    ['大家觉得怎么样', '欢迎交流', '有问题可以留言', '推荐给新手', '下次再更新', '附上截图', '求大佬指点', '玩起来顺手多了', '性价比很高', '就是有点重', '准备再调一调', '感谢分享'],
  ],
  en: [
    ['Finally tuned my back paddles', 'New controller arrived today', 'Sharing my stick layout for shooters', 'Anyone else getting stick drift', 'Swapped the triggers to short travel', 'My macro setup for fighting games', 'Tried the gyro aiming for a week', 'Remapped every button on the pad', 'Weekend project: custom deadzones', 'First time using an arcade stick', 'Trigger stops make a real difference', 'Rumble turned down and it feels better'],
    ['deadzone at five percent', 'paddles bound to jump and reload', 'one button combo macro', 'gyro sensitivity doubled', 'the dpad feels great', 'trigger travel cut in half', 'mapping exported to a file', 'bluetooth stays connected', 'battery lasts twenty hours', 'wired mode has less latency', 'linear response curve', 'config uploaded below'],
    ['what do you think', 'happy to answer questions', 'works great for beginners', 'more updates soon', 'screenshots attached', 'any tips welcome', 'so much more comfortable', 'great value', 'a bit heavy though', 'still tweaking it', 'thanks for reading', 'let me know'],
  ],
  jp: [
    ['コントローラーのマクロ設定を共有します', '新しいコントローラーが届きました', '背面ボタンのマクロを組みました', 'スティックのドリフトが気になる', 'トリガーのストロークを短くした', '格闘ゲーム用のマクロ配置です', 'ジャイロ照準を一週間試した', '全部のボタンを割り当て直した', '週末にデッドゾーンを調整', 'アーケードスティックを初めて使う', 'マクロで連打を自動化', '振動を弱くしたら快適'],
    ['デッドゾーンは五パーセント', '背面ボタンにジャンプとリロード', 'Switch でワンボタンコンボ', 'ジャイロ感度を二倍に', '十字キーの感触が良い', 'トリガーの遊びを半分に', 'マッピングをファイルに書き出し', 'ブルートゥースが安定', 'バッテリーは二十時間', '有線だと遅延が少ない', 'カーブを線形に変更', '設定をアップロードしました'],
    ['どう思いますか', '質問があればどうぞ', '初心者におすすめ', 'また更新します', 'スクリーンショット付き', 'アドバイス歓迎', 'かなり快適になった', 'コスパが良い', '少し重いけど', 'まだ調整中', '読んでくれてありがとう', 'よろしくお願いします'],
  ],
  ko: [
    ['컨트롤러 매크로 설정 공유합니다', '새 컨트롤러가 도착했어요', '뒷면 버튼 매크로를 만들었어요', '스틱 쏠림 현상이 있어요', '트리거 스트로크를 짧게 했어요', '격투 게임용 매크로 배치입니다', '자이로 조준을 일주일 써봤어요', '모든 버튼을 다시 매핑했어요', '주말에 데드존을 조정했어요', '아케이드 스틱을 처음 써봐요', '매크로로 연타를 자동화', '진동을 줄였더니 편해요'],
    ['데드존은 오 퍼센트', '뒷면 버튼에 점프와 재장전', 'Xbox 원버튼 콤보', '자이로 감도를 두 배로', '십자키 감촉이 좋아요', '트리거 유격을 절반으로', '매핑을 파일로 내보냈어요', '블루투스가 안정적', '배터리는 스무 시간', '유선은 지연이 적어요', '커브를 선형으로 변경', '설정을 업로드했어요'],
    ['어떻게 생각하세요', '질문 환영합니다', '초보자에게 추천', '또 업데이트할게요', '스크린샷 첨부', '조언 부탁드려요', '훨씬 편해졌어요', '가성비 좋아요', '조금 무겁지만', '아직 조정 중', '읽어주셔서 감사합니다', '잘 부탁드립니다'],
  ],
};

/** Syllables of each script's long-tail words: 400 words each, many rare, a few common. */
const SYLLABLES: Record<string, string[]> = {
  cn: [...'键位扳机摇杆陀螺震动连发灵敏曲线背板握把按钮方向十字轴体霍尔电位漂移校准固件蓝牙接收'],
  en: ['ka', 'ro', 'mi', 'ten', 'vor', 'ex', 'lu', 'pad', 'zen', 'quo', 'dri', 'fa', 'nel', 'tor', 'gi', 'sha'],
  jp: [...'カキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモラリルレロ'],
  ko: [...'가나다라마바사아자차카타파하거너더러머버서어저처'],
};

export function tailWords(lang: string): string[] {
  const s = SYLLABLES[lang]!;
  return Array.from({ length: 400 }, (_, i) => {
    const parts = [s[i % s.length]!, s[(i * 7 + 3) % s.length]!, s[(i * 13 + 5) % s.length]!];
    if (i % 3 === 0) parts.push(s[(i * 17 + 1) % s.length]!);
    return parts.join('');
  });
}
