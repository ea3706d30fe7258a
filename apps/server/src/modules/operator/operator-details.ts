import { OPERATOR_NOT_CONFIGURED, type OperatorDetails } from '@xtrader/core/api/operator';
import type { OperatorSettings } from '../../config';

/**
 * The details the legal pages show. Unset fields read "not configured" (production refuses to start without the
 * required ones, so only development and test ever show the placeholder).
 */
export function operatorDetails(settings: OperatorSettings): OperatorDetails {
  const required = [
    settings.legalName,
    settings.address,
    settings.email,
    settings.phone,
    settings.grievanceOfficer,
    settings.jurisdiction,
  ];
  const shown = (value: string | undefined) => value ?? OPERATOR_NOT_CONFIGURED;
  return {
    configured: required.every((value) => value !== undefined),
    legalName: shown(settings.legalName),
    address: shown(settings.address),
    email: shown(settings.email),
    phone: shown(settings.phone),
    grievanceOfficer: shown(settings.grievanceOfficer),
    grievanceEmail: shown(settings.grievanceEmail),
    jurisdiction: shown(settings.jurisdiction),
    demoUrl: settings.demoUrl ?? null,
  };
}
