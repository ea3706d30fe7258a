import { CalendarClock, Mail, MapPin, Phone, UserCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { ExternalLink } from '../../ui/text-link';
import { LegalPage, LegalSection } from './legal-page';

function Detail({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex gap-3 rounded-lg border border-border bg-surface p-4">
      <span className="mt-0.5 text-accent">{icon}</span>
      <div>
        <dt className="text-xs font-medium uppercase tracking-wide text-subtle">{label}</dt>
        <dd className="mt-1 text-[15px] text-fg">{children}</dd>
      </div>
    </div>
  );
}

const iconClass = 'size-4';
const isAddress = (value: string) => value.includes('@');

/** `/contact`: the operator's address, email, phone and grievance officer; Book a Demo lands here by default. */
export function ContactPage() {
  return (
    <LegalPage
      title="Contact"
      intro="Questions, a product demo or a complaint: reach the team that runs X-Trader."
    >
      {(operator) => (
        <>
          <dl className="grid gap-3 sm:grid-cols-2">
            <Detail icon={<Mail className={iconClass} aria-hidden />} label="Email">
              {isAddress(operator.email) ? (
                <ExternalLink href={`mailto:${operator.email}`}>{operator.email}</ExternalLink>
              ) : (
                operator.email
              )}
            </Detail>
            <Detail icon={<Phone className={iconClass} aria-hidden />} label="Phone">
              {operator.phone}
            </Detail>
            <Detail icon={<MapPin className={iconClass} aria-hidden />} label="Address">
              {operator.legalName}
              <br />
              {operator.address}
            </Detail>
            <Detail icon={<UserCheck className={iconClass} aria-hidden />} label="Grievance Officer">
              {operator.grievanceOfficer}
              <br />
              {isAddress(operator.grievanceEmail) ? (
                <ExternalLink href={`mailto:${operator.grievanceEmail}`}>
                  {operator.grievanceEmail}
                </ExternalLink>
              ) : (
                operator.grievanceEmail
              )}
            </Detail>
          </dl>
          <LegalSection title="Book a demo">
            <p className="flex items-start gap-2">
              <CalendarClock className="mt-1.5 size-4 shrink-0 text-accent" aria-hidden />
              <span>
                {operator.demoUrl ? (
                  <>
                    Pick a time on our <ExternalLink href={operator.demoUrl}>demo booking page</ExternalLink>.
                  </>
                ) : (
                  <>
                    Write to us at {operator.email} with a few times that suit you, and we will walk you
                    through X-Trader.
                  </>
                )}
              </span>
            </p>
          </LegalSection>
          <LegalSection title="Grievances">
            <p>
              Write to the Grievance Officer with your registered email or phone and what went wrong.
              Complaints about orders, funds or positions at your broker are for your broker first, and then
              SEBI’s SCORES portal or the exchange if they remain unresolved.
            </p>
          </LegalSection>
        </>
      )}
    </LegalPage>
  );
}
