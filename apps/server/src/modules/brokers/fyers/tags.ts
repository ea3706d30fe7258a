// Our order ids travel as Fyers' `orderTag` so a lost acknowledgement can be matched in the order book. Fyers takes
// 1 to 30 alphanumeric characters; our ids are `XT`/`XK` + 10 upper-case base-32 characters plus workflow suffixes
// such as `-3`, `T`, `S`. The hyphen is the only other character, and lower-case never occurs in an id, so it
// travels as `x` and comes back unambiguously. The order book may show the tag with a numeric prefix (`1:<tag>`).

const TAG_LIMIT = 30;
const ID_SHAPE = /^[0-9A-Z-]+$/;
const TAG_SHAPE = /^[0-9A-Zx]+$/;

/** The orderTag for one of our order ids, or undefined when the id cannot travel as a Fyers tag. */
export function fyersOrderTag(clientOrderId: string): string | undefined {
  if (!ID_SHAPE.test(clientOrderId) || clientOrderId.length > TAG_LIMIT) return undefined;
  return clientOrderId.replaceAll('-', 'x');
}

/** Our order id from a tag we sent; undefined for orders placed elsewhere (Fyers web, other apps, "Untagged"). */
export function clientOrderIdOfFyersTag(tag: string | null | undefined): string | undefined {
  const bare = tag?.replace(/^\d+:/, '');
  if (!bare || !TAG_SHAPE.test(bare)) return undefined;
  return bare.replaceAll('x', '-');
}
