import protobuf from 'protobufjs';

// The part of Upstox's Market Data Feed V3 protobuf schema (MarketDataFeedV3.proto, package
// com.upstox.marketdatafeederv3udapi.rpc.proto) that we read, with Upstox's own field numbers. Only `ltpc` mode is
// subscribed, so a Feed carries its LTPC (field 1); the full-feed and greeks variants (fields 2 and 3) and the
// FeedResponse's market-info (field 4) are left out of the schema, and protobuf skips fields a schema does not name.
// Embedded as text, not read from a .proto file at run time: the production server is one esbuild bundle.

export const UPSTOX_FEED_PROTO = `
syntax = "proto3";
package com.upstox.marketdatafeederv3udapi.rpc.proto;

message LTPC {
  double ltp = 1;
  int64 ltt = 2;
  int64 ltq = 3;
  double cp = 4;
}

message Feed {
  oneof FeedUnion {
    LTPC ltpc = 1;
  }
  RequestMode requestMode = 4;
}

enum RequestMode {
  ltpc = 0;
  full_d5 = 1;
  option_greeks = 2;
  full_d30 = 3;
}

enum Type {
  initial_feed = 0;
  live_feed = 1;
  market_info = 2;
}

message FeedResponse {
  Type type = 1;
  map<string, Feed> feeds = 2;
  int64 currentTs = 3;
}
`;

/** The FeedResponse message type (the fake encodes its frames with it too). */
export const feedResponseType: protobuf.Type = protobuf
  .parse(UPSTOX_FEED_PROTO, { keepCase: true })
  .root.lookupType('com.upstox.marketdatafeederv3udapi.rpc.proto.FeedResponse');

export type UpstoxFeedType = 'initial_feed' | 'live_feed' | 'market_info';

/** One instrument's last trade as the feed carries it. */
export interface UpstoxLtpc {
  key: string;
  ltp: number;
  /** The previous day's close. */
  cp: number;
}

export interface UpstoxFeedResponse {
  type: UpstoxFeedType | undefined;
  ltpcs: UpstoxLtpc[];
}

const TYPES: readonly UpstoxFeedType[] = ['initial_feed', 'live_feed', 'market_info'];

const finite = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** A FeedResponse's bytes read; throws on bytes that are not one (the feed logs and skips such a frame). */
export function decodeFeedResponse(bytes: Uint8Array): UpstoxFeedResponse {
  const message = feedResponseType.decode(bytes) as unknown as {
    type?: number;
    feeds?: Record<string, { ltpc?: { ltp?: unknown; cp?: unknown } }>;
  };
  const ltpcs: UpstoxLtpc[] = [];
  for (const [key, feed] of Object.entries(message.feeds ?? {})) {
    if (!feed?.ltpc) continue;
    ltpcs.push({ key, ltp: finite(feed.ltpc.ltp), cp: finite(feed.ltpc.cp) });
  }
  return { type: TYPES[message.type ?? 0], ltpcs };
}
