/**
 * What other modules may use of the shop besides its services (docs/architecture.md, "Server").
 * The shop owns `goods_categories`, `goods`, `goods_texts` and `goods_variants`; media-lifecycle
 * asks which stored pictures the shop still names before it deletes any; the insights name goods.
 */
export { goodsNames, organisationPictures } from './catalogue-repo.ts';
