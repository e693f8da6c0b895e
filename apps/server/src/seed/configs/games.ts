import { gameKey } from '@padhub/contracts';
import type { Queryable } from '#server/db/client.ts';
import { GamesRepo } from '#server/modules/configs/games-repo.ts';

type Names = { cn: string | null; jp: string | null; ko: string | null };

/**
 * The seeded games' names as they are sold in China, Japan and Korea (null where the English
 * title is the one used there), and the abbreviations players type.
 */
const seededGames: Record<string, [Names, string[]]> = {
  'Call of Duty: Warzone': [{ cn: '使命召唤：战区', jp: 'コール オブ デューティ ウォーゾーン', ko: '콜 오브 듀티: 워존' }, ['Warzone', 'CoD']],
  'Apex Legends': [{ cn: 'Apex 英雄', jp: 'エーペックスレジェンズ', ko: '에이펙스 레전드' }, ['Apex']],
  'Forza Horizon 5': [{ cn: '极限竞速：地平线5', jp: null, ko: '포르자 호라이즌 5' }, ['FH5']],
  'Elden Ring': [{ cn: '艾尔登法环', jp: 'エルデンリング', ko: '엘든 링' }, ['ER', '老头环']],
  'Rocket League': [{ cn: '火箭联盟', jp: 'ロケットリーグ', ko: '로켓 리그' }, ['RL']],
  'Hollow Knight': [{ cn: '空洞骑士', jp: 'ホロウナイト', ko: '할로우 나이트' }, ['HK']],
  'Street Fighter 6': [{ cn: '街头霸王6', jp: 'ストリートファイター6', ko: '스트리트 파이터 6' }, ['SF6', 'スト6']],
  'Mario Kart 8 Deluxe': [{ cn: '马力欧卡丁车8 豪华版', jp: 'マリオカート8 デラックス', ko: '마리오 카트 8 디럭스' }, ['MK8DX', 'マリカ']],
  'Halo Infinite': [{ cn: '光环：无限', jp: null, ko: '헤일로 인피니트' }, ['Halo']],
  'Destiny 2': [{ cn: '命运2', jp: null, ko: '데스티니 가디언즈' }, ['D2']],
  'Overwatch 2': [{ cn: '守望先锋2', jp: 'オーバーウォッチ 2', ko: '오버워치 2' }, ['OW2', 'OW']],
  Fortnite: [{ cn: '堡垒之夜', jp: 'フォートナイト', ko: '포트나이트' }, ['FN']],
  'Tekken 8': [{ cn: '铁拳8', jp: '鉄拳8', ko: '철권 8' }, ['T8']],
  'Genshin Impact': [{ cn: '原神', jp: '原神', ko: '원신' }, ['GI', 'Genshin']],
  'Gran Turismo 7': [{ cn: 'GT赛车7', jp: 'グランツーリスモ7', ko: '그란 투리스모 7' }, ['GT7']],
};

/** Gives the organisation's seeded games their names in four languages and their aliases. */
export async function nameSeededGames(q: Queryable, orgId: string): Promise<void> {
  const games = new GamesRepo(q);
  const rows = await q.query<{ id: string; key: string }>('select id, key from games where org_id = $1', [orgId]);
  for (const [name, [names, aliases]] of Object.entries(seededGames)) {
    const row = rows.find((r) => r.key === gameKey(name));
    if (row && !(await games.update(orgId, { id: row.id, name, names, aliases }))) throw new Error(`seed: a name of ${name} names another game`);
  }
}
