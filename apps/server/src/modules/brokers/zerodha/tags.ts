// Our order ids travel as Kite's `tag` so a lost acknowledgement can be matched in the order book. Kite tags are
// alphanumeric, at most 20 characters; our ids are `XT` + 10 upper-case base-32 characters plus workflow suffixes
// such as `-3`, `T`, `S`. The hyphen is the only non-alphanumeric character, and lower-case never occurs in an id,
// so it travels as `x` and comes back unambiguously.

const TAG_LIMIT = 20;
const ID_SHAPE = /^[0-9A-Z-]+$/;
const TAG_SHAPE = /^[0-9A-Zx]+$/;

/** The tag for one of our order ids, or undefined when the id cannot travel as a Kite tag. */
export function orderTag(clientOrderId: string): string | undefined {
  if (!ID_SHAPE.test(clientOrderId) || clientOrderId.length > TAG_LIMIT) return undefined;
  return clientOrderId.replaceAll('-', 'x');
}

/** Our order id from a tag we sent; undefined for orders placed elsewhere (Kite web, other apps). */
export function clientOrderIdOf(tag: string | null | undefined): string | undefined {
  if (!tag || !TAG_SHAPE.test(tag)) return undefined;
  return tag.replaceAll('x', '-');
}
