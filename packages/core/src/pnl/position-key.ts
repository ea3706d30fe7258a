import { type BrokerProduct, normalizeProductType, type ProductType } from '../orders/types';

// A position is one symbol in one product. Its key is `SYMBOL|product`, with the product in our spelling whichever
// spelling the position came in: kill-switch rounds store exits under these keys, so the format must not change.

export type PositionKey = `${string}|${ProductType}`;

export const positionKey = (p: {
  tradingSymbol: string;
  product: ProductType | BrokerProduct;
}): PositionKey => `${p.tradingSymbol}|${normalizeProductType(p.product)}`;
