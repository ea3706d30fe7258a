import type { ProductType } from '../orders/types';
import { type MtmPosition, type PriceLookup, totalMtm } from './pnl';

// The P&L figures the product shows, each defined once. The server (profit protection) and the web app (the
// Profit Protection bar, the index P&L beside the funds, the positions table's group totals) compute them with
// these functions and show them under these labels, so the same figure is the same number everywhere.
//
// Every figure is realised + unrealised P&L (sell value - buy value + price x quantity) of the day's positions,
// closed ones included: a position squared off today keeps its realised P&L in the figure. They differ only in
// which positions they take.

/** Which product a position is: intraday (MIS, squared off the same day) or normal (NRML, carried). */
export type PnlProduct = ProductType;

/** A position as the figures need it: its money side, product and index. */
export interface FigurePosition extends MtmPosition {
  productType: PnlProduct;
  index: string;
}

/**
 * Intraday MTM: the figure profit protection watches, acts on (it squares off intraday positions) and validates
 * its target and max loss against. Intraday (MIS) positions only: NRML positions are carried and left alone by
 * the square-off, so their P&L is neither counted nor exited.
 */
export const countsForIntradayMtm = (position: Pick<FigurePosition, 'productType'>): boolean =>
  position.productType === 'intraday';

export const intradayMtm = (
  positions: readonly Pick<FigurePosition, keyof MtmPosition | 'productType'>[],
  prices: PriceLookup,
): number => totalMtm(positions.filter(countsForIntradayMtm), prices);

/**
 * Index P&L: every position of one index, all products, closed ones included, whatever rows a table hides.
 * The figure beside the funds (for the selected index) and each index group's total in the positions table.
 */
export const indexPnl = (
  positions: readonly Pick<FigurePosition, keyof MtmPosition | 'index'>[],
  index: string,
  prices: PriceLookup,
): number =>
  totalMtm(
    positions.filter((p) => p.index === index),
    prices,
  );

/** What each figure is called on screen, and the line that explains it (a tooltip). */
export const PNL_FIGURE_TEXT = {
  intradayMtm: {
    label: 'Intraday MTM',
    explanation:
      "Realised + unrealised P&L of today's intraday (MIS) positions, closed ones included. Profit protection watches this figure; NRML positions are not part of it.",
  },
  indexPnl: {
    label: (indexDisplayName: string) => `${indexDisplayName} P&L`,
    explanation:
      'Realised + unrealised P&L of all positions of this index (MIS and NRML), closed ones included.',
  },
} as const;
