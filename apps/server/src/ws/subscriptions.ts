import { type LiveClientMessage, liveClientMessageSchema } from '@xtrader/core/api/live';
import { indexByDisplayName } from '@xtrader/core/market/indices';
import type { RawData } from 'ws';
import type { InstrumentDirectory } from '../modules/instruments/contract';

/** Most symbols one connection may watch at once. */
export const MAX_SYMBOLS_PER_CONNECTION = 1000;

export type ParsedMessage = { ok: true; message: LiveClientMessage } | { ok: false; error: string };

/** A client frame as a subscribe/unsubscribe message, or the reason it is not one. */
export function parseClientMessage(data: RawData, isBinary: boolean): ParsedMessage {
  if (isBinary) return { ok: false, error: 'Binary frames are not supported; send JSON text' };
  let json: unknown;
  try {
    json = JSON.parse(Array.isArray(data) ? Buffer.concat(data).toString('utf8') : data.toString());
  } catch {
    return { ok: false, error: 'Malformed message: expected JSON' };
  }
  const parsed = liveClientMessageSchema.safeParse(json);
  if (parsed.success) return { ok: true, message: parsed.data };
  const issue = parsed.error.issues[0];
  const field = issue?.path.join('.') || 'message';
  return { ok: false, error: `Invalid message: ${field}: ${issue?.message ?? 'invalid'}` };
}

/** Splits requested symbols into those the server can price and those it does not know. */
export function knownSymbols(
  symbols: readonly string[],
  directory: InstrumentDirectory,
): { known: string[]; unknown: string[] } {
  const known: string[] = [];
  const unknown: string[] = [];
  for (const symbol of new Set(symbols)) {
    if (indexByDisplayName(symbol) || directory.bySymbol(symbol)) known.push(symbol);
    else unknown.push(symbol);
  }
  return { known, unknown };
}
