// Topics the live brokers publish; the WebSocket gateway may forward them to the user's connections.
declare module '../../../bus/bus' {
  interface BusEvents {
    /** The user's broker link changed (connected, expired): clients refresh the broker status hover card. */
    'broker.status': { userId: string };
  }
}

export {};
