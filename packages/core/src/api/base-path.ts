/** Base path of the REST API and the WebSocket. Kept apart from the zod schemas so importing it costs no zod. */
export const API_BASE = '/v1/options-x';
