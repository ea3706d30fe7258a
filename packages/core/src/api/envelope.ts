import { z } from 'zod';

/** Every API response: `{ success, message, data? }`. */
export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.boolean(), message: z.string(), data: data.optional() });

/** Error body of every 4xx/5xx response. */
export const errorEnvelopeSchema = z.object({ success: z.literal(false), message: z.string() });

export type Envelope<T> = { success: boolean; message: string; data?: T };

/** Builds a success envelope. */
export const ok = <T>(data?: T, message = 'success'): Envelope<T> =>
  data === undefined ? { success: true, message } : { success: true, message, data };

export { API_BASE } from './base-path';
