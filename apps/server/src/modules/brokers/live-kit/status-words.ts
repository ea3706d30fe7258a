import type { OrderReport } from './order-tracker';

// Most brokers name an order's state with the same few words (Kite's vocabulary, in one case or another, with
// spaces or underscores). The base table reads those; a broker declares only the words where it differs (a word of
// its own, or a shared word it uses otherwise: "pending" is an open order at some brokers and an order still being
// validated at others). Any word neither knows is a request still in flight: nothing new to report yet.

export type ReportStatus = OrderReport['status'];

/** Upper or lower case, underscores or spaces: one spelling. */
const spelling = (word: string) =>
  word
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, ' ');

const BASE_WORDS: Readonly<Record<string, ReportStatus>> = {
  open: 'open',
  'partially filled': 'open',
  'trigger pending': 'trigger_pending',
  complete: 'complete',
  completed: 'complete',
  filled: 'complete',
  executed: 'complete',
  cancelled: 'cancelled',
  canceled: 'cancelled',
  rejected: 'rejected',
};

/** The broker's status word reader: the base table with the broker's own differences over it. */
export function statusWords(differences: Readonly<Record<string, ReportStatus>> = {}) {
  const table = new Map<string, ReportStatus>(Object.entries(BASE_WORDS));
  for (const [word, status] of Object.entries(differences)) table.set(spelling(word), status);
  return (word: string): ReportStatus => table.get(spelling(word)) ?? 'in_flight';
}
