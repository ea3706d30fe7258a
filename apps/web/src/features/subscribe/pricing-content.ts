// Copy of the pricing page (marketing points, testimonials).

export const MONEY_BACK_GUARANTEE =
  '100% money-back guarantee: find a better platform at a lower price and we refund you in full.';

/** Why Premium: the marketing points. */
export const PREMIUM_HIGHLIGHTS = [
  'One-click order placement',
  'Single-screen interface',
  'No freeze limit on quantity',
  'Entry, target & stop-loss in one click with bracket orders',
] as const;

export interface Testimonial {
  quote: string;
  name: string;
  role: string;
}

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    quote:
      'I scalp BANKNIFTY every morning. With the arrow keys and bracket orders I am in the trade and protected in under a second.',
    name: 'Rohit M.',
    role: 'Options scalper, Pune',
  },
  {
    quote:
      'No more freeze-limit errors on big quantities: the order is sliced for me. The MTM kill switch lets me walk away from the screen.',
    name: 'Priya S.',
    role: 'Full-time trader, Bengaluru',
  },
  {
    quote:
      'Positions, pending orders and trailing stop-loss on one screen. I rehearsed in Practice Mode for a week before trading live.',
    name: 'Anand K.',
    role: 'Part-time trader, Chennai',
  },
];
