import { Link } from 'react-router';
import { type GoodsCard as Card, goodsCardPicture, htmlLangTags } from '@padhub/contracts';
import { paths } from '@/paths.ts';
import { useFirstScreenDone } from '@/platform/after-first-screen.ts';
import { useMediaUrl } from '@/platform/organisation.ts';
import { Price } from './price.tsx';
import { StockLabel } from './stock-label.tsx';
import { pictureLoading } from '@/ui/picture-loading.ts';
import './goods-card.css';

/**
 * One goods of the Mall: its picture (the small rendition, never the original), name, price and
 * stock. `first`: the list's first card with a picture, the page's largest paint (the server
 * preloads the same URL from the landing HTML), loaded at once; the others wait until the first
 * screen is done, then until near the screen.
 */
export function GoodsCard({ goods, first = false }: { goods: Card; first?: boolean }) {
  const mediaUrl = useMediaUrl();
  const picture = goods.picture;
  const src = goodsCardPicture(picture);
  const now = useFirstScreenDone() || first;
  return (
    <article className="goods-card">
      <Link to={paths.goods(goods.id)} className="goods-card-link">
        <span className="goods-card-picture">
          {picture && (
            // The name beside it says what it is: the picture is decoration for screen readers.
            <img
              src={src && now ? mediaUrl(src) : undefined}
              alt=""
              {...pictureLoading(first)}
              width={picture.width}
              height={picture.height}
            />
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
