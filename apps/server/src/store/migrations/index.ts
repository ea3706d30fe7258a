import type { Migration } from 'kysely';
import * as system from './0001-system';
import * as auth from './0002-auth';
import * as instruments from './0003-instruments';
import * as paper from './0004-paper';
import * as orders from './0005-orders';
import * as billing from './0006-billing';
import * as risk from './0007-risk';
import * as brokerVault from './0008-broker-vault';
import * as paperRollover from './0009-paper-rollover';
import * as brokerInstruments from './0010-broker-instruments';
import * as audit from './0011-audit';
import * as leases from './0012-leases';
import * as recordings from './0013-recordings';
import * as paperCharges from './0014-paper-charges';
import * as journal from './0015-journal';
import * as disciplineDays from './0016-discipline-days';
import * as telegram from './0017-telegram';
import * as telegramConfirm from './0018-telegram-confirm';

/**
 * Every migration, in the order it runs. Append new ones at the end with the next number
 * (`NNNN-name.ts` beside this file); never rename or edit one that has shipped.
 */
export const migrations: Readonly<Record<string, Migration>> = Object.freeze({
  '0001-system': system,
  '0002-auth': auth,
  '0003-instruments': instruments,
  '0004-paper': paper,
  '0005-orders': orders,
  '0006-billing': billing,
  '0007-risk': risk,
  '0008-broker-vault': brokerVault,
  '0009-paper-rollover': paperRollover,
  '0010-broker-instruments': brokerInstruments,
  '0011-audit': audit,
  '0012-leases': leases,
  '0013-recordings': recordings,
  '0014-paper-charges': paperCharges,
  '0015-journal': journal,
  '0016-discipline-days': disciplineDays,
  '0017-telegram': telegram,
  '0018-telegram-confirm': telegramConfirm,
});
