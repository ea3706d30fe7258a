import { z } from 'zod';
import { isoDateSchema } from './common';

/** `GET /audit/day`: the signed-in trader's audit trail of one IST calendar day, as CSV. */
export const AUDIT_DAY_PATH = '/audit/day';

export const auditDayQuerySchema = z.object({ date: isoDateSchema });

/** The CSV's columns, in order (the header row). */
export const AUDIT_CSV_COLUMNS = ['seq', 'time', 'kind', 'orderId', 'data', 'prevHash', 'hash'] as const;
