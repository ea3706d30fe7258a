import { z } from 'zod';

// Who runs this X-Trader: the details the legal pages (terms, privacy, risk disclosure, contact) show. The
// operator sets them by environment (XT_OPERATOR_*); outside production unset fields read "not configured".

/** Text shown in place of an operator detail the operator has not set (never in production). */
export const OPERATOR_NOT_CONFIGURED = 'not configured';

/** `GET /public/operator`: the operator's public details, readable without logging in. */
export const operatorDetailsSchema = z.object({
  /** False while any required detail is a placeholder (development, test). */
  configured: z.boolean(),
  legalName: z.string(),
  address: z.string(),
  email: z.string(),
  phone: z.string(),
  grievanceOfficer: z.string(),
  grievanceEmail: z.string(),
  /** City whose courts hear disputes (governing-law clause of the terms). */
  jurisdiction: z.string(),
  /** Where Book a Demo leads; null means the in-app contact page. */
  demoUrl: z.string().nullable(),
});
export type OperatorDetails = z.infer<typeof operatorDetailsSchema>;
