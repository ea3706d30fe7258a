import { type Config, ConfigError } from './config';

// Production refuses settings that only make sense on a developer's machine. Each problem names the variable to
// set, so an operator reading the one error line knows what to change. (XT_DEV_TOOLS is refused by loadConfig.)

/** Operator details the legal pages need; the grievance email and the demo URL have fallbacks. */
const REQUIRED_OPERATOR_DETAILS = {
  legalName: 'XT_OPERATOR_LEGAL_NAME',
  address: 'XT_OPERATOR_ADDRESS',
  email: 'XT_OPERATOR_EMAIL',
  phone: 'XT_OPERATOR_PHONE',
  grievanceOfficer: 'XT_OPERATOR_GRIEVANCE_OFFICER',
  jurisdiction: 'XT_OPERATOR_JURISDICTION',
} as const satisfies Partial<Record<keyof Config['operator'], string>>;

/** Every dev-only setting of a production config; empty outside production or when ready. */
export function productionProblems(config: Config): string[] {
  if (!config.isProduction) return [];
  const problems: string[] = [];
  if (config.smtp === undefined && config.sms === undefined) {
    problems.push(
      'XT_SMS_PROVIDER (or SMTP_URL, SMTP_FROM): an OTP channel is required in production; without one, one-time passwords reach nobody',
    );
  }
  if (config.secretKey === undefined) {
    problems.push(
      'XT_SECRET_KEY: required in production; a key generated into the data dir differs per instance and is lost with the disk',
    );
  }
  for (const [field, variable] of Object.entries(REQUIRED_OPERATOR_DETAILS)) {
    if (config.operator[field as keyof typeof REQUIRED_OPERATOR_DETAILS] === undefined) {
      problems.push(`${variable}: required in production (shown on the terms, privacy and contact pages)`);
    }
  }
  return problems;
}

/** Throws a ConfigError listing every dev-only setting when the config is a production one. */
export function assertProductionReady(config: Config): void {
  const problems = productionProblems(config);
  if (problems.length > 0) throw new ConfigError(problems);
}
