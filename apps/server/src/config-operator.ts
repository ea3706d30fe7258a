import { z } from 'zod';
import { httpUrl, optionalText } from './config-fields';

// The operator's details for the legal pages (see docs/config.md): the variables and what they make. Pure over the
// values config.ts parsed.

/** The operator variables, part of config.ts's environment schema. */
export const OPERATOR_ENV_FIELDS = {
  XT_OPERATOR_LEGAL_NAME: optionalText,
  XT_OPERATOR_ADDRESS: optionalText,
  XT_OPERATOR_EMAIL: optionalText.pipe(z.email({ error: 'must be an email address' }).optional()),
  XT_OPERATOR_PHONE: optionalText,
  XT_OPERATOR_GRIEVANCE_OFFICER: optionalText,
  XT_OPERATOR_GRIEVANCE_EMAIL: optionalText.pipe(z.email({ error: 'must be an email address' }).optional()),
  XT_OPERATOR_JURISDICTION: optionalText,
  XT_OPERATOR_DEMO_URL: optionalText.pipe(httpUrl.optional()),
};

const operatorEnvSchema = z.object(OPERATOR_ENV_FIELDS);
type OperatorEnv = z.infer<typeof operatorEnvSchema>;

/**
 * The operator's details shown on the legal pages (XT_OPERATOR_*); undefined means unset, which production refuses
 * (see production-guard.ts) except for the grievance email (defaults to the email) and the demo-booking URL.
 */
export type OperatorSettings = Readonly<{
  legalName: string | undefined;
  address: string | undefined;
  email: string | undefined;
  phone: string | undefined;
  grievanceOfficer: string | undefined;
  grievanceEmail: string | undefined;
  jurisdiction: string | undefined;
  /** Where Book a Demo leads (e.g. a scheduling page); undefined means the in-app contact page. */
  demoUrl: string | undefined;
}>;

/** The operator's details; the grievance email defaults to the operator's email. */
export function operatorSettings(e: OperatorEnv): OperatorSettings {
  return Object.freeze({
    legalName: e.XT_OPERATOR_LEGAL_NAME,
    address: e.XT_OPERATOR_ADDRESS,
    email: e.XT_OPERATOR_EMAIL,
    phone: e.XT_OPERATOR_PHONE,
    grievanceOfficer: e.XT_OPERATOR_GRIEVANCE_OFFICER,
    grievanceEmail: e.XT_OPERATOR_GRIEVANCE_EMAIL ?? e.XT_OPERATOR_EMAIL,
    jurisdiction: e.XT_OPERATOR_JURISDICTION,
    demoUrl: e.XT_OPERATOR_DEMO_URL,
  });
}
