import { useTranslation } from 'react-i18next';
import type { StockState } from '@padhub/contracts';
import './stock-label.css';

export function StockLabel({ stock }: { stock: StockState }) {
  const { t } = useTranslation();
  return <span className={`stock-label stock-${stock}`}>{t(`shop.stock.${stock}`)}</span>;
}
