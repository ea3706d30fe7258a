import { z } from 'zod';

// Field parsers every part of the configuration uses.

export const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === '' ? undefined : value));

export const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' });

export const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');
