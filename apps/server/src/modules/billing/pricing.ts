import type { Plan } from '@xtrader/core/api/billing';

/** GST on the subscription, shown separately at checkout (prices are in rupees plus GST). */
export const GST_PERCENT = 18;

export interface PriceBreakdown {
  /** Rupees, before GST. */
  price: number;
  gst: number;
  total: number;
}

/** A plan's price, GST and total in rupees, computed in whole paise so nothing drifts. */
export function priceWithGst(plan: Plan): PriceBreakdown {
  const pricePaise = Math.round(plan.discountedPrice * 100);
  const gstPaise = Math.round((pricePaise * GST_PERCENT) / 100);
  return { price: pricePaise / 100, gst: gstPaise / 100, total: (pricePaise + gstPaise) / 100 };
}
