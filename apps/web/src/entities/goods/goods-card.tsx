import { Link } from 'react-router';
import { type GoodsCard as Card, htmlLangTags } from '@padhub/contracts';
import { paths } from '@/paths.ts';
import { useMediaUrl } from '@/platform/organisation.ts';
import { Price } from './price.tsx';
import { StockLabel } from './stock-label.tsx';
import './goods-card.css';

/** One goods of the Mall: its picture (the small rendition, never the original), name, price and stock. */
export function GoodsCard({ goods }: { goods: Card }) {
  const mediaUrl = useMediaUrl();
  const picture = goods.picture;
  return (
    <article className="goods-card">
      <Link to={paths.goods(goods.id)} className="goods-card-link">
        <span className="goods-card-picture">
          {picture && (
            // The name beside it says what it is: the picture is decoration for screen readers.
            <img src={mediaUrl(picture.thumb ?? picture.path)} alt="" loading="lazy" decoding="async" width={picture.width} height={picture.height} />
          )}
        </span>
        <span className="goods-card-body">
          <span className="goods-card-name" lang={htmlLangTags[goods.lang]}>
            {goods.name}
          </span>
          <Price price={goods.price} oldPrice={goods.oldPrice} currency={goods.currency} from={goods.priceVaries} />
          <StockLabel stock={goods.stock} />
        </span>
      </Link>
    </article>
  );
}
