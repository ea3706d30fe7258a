import { CONTACT_PATH } from '../../config/product';
import { TextLink } from '../../ui/text-link';
import { LegalList, LegalPage, LegalSection } from './legal-page';

/** `/privacy`: what X-Trader keeps about its users, why, and whom it goes to. */
export function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      intro="This policy explains which personal data X-Trader keeps, why, who receives it and how you can control it."
    >
      {(operator) => (
        <>
          <LegalSection title="Who is responsible">
            <p>
              {operator.legalName}, {operator.address}, decides how your data is used (the data fiduciary).
              Contact: {operator.email}.
            </p>
          </LegalSection>

          <LegalSection title="What we keep">
            <LegalList
              items={[
                'Account details: your name, email address and mobile number, and your password as a one-way (scrypt) hash we cannot read back.',
                'Broker link: which broker you linked and the access tokens or keys it issued, stored encrypted.',
                'Trading records: the orders X-Trader sent for you, their status and your screen settings.',
                'Subscription: your plan and its status; card and bank details are handled by the payment provider, not stored by us.',
                'Security records: one-time codes (hashed, short-lived), login sessions and the network address of requests, to limit abuse such as repeated code requests.',
              ]}
            />
          </LegalSection>

          <LegalSection title="Why">
            <p>
              To run your account and send your orders, to send one-time codes, to bill your plan, to keep the
              service secure and to meet legal obligations. We do not sell your data or use it for
              advertising.
            </p>
          </LegalSection>

          <LegalSection title="Who receives it">
            <LegalList
              items={[
                'Your broker: your orders and the requests made with your broker login.',
                'Our payment provider: what is needed to bill your plan.',
                'The services that deliver one-time codes by SMS or email.',
                'Authorities, when the law requires it.',
              ]}
            />
          </LegalSection>

          <LegalSection title="In your browser">
            <p>
              The app keeps your login session and display preferences (such as the theme) in your browser’s
              local storage. It sets no advertising or tracking cookies.
            </p>
          </LegalSection>

          <LegalSection title="How long, and your rights">
            <p>
              We keep your data while your account is open and afterwards only as long as the law or the
              settlement of disputes requires. Under Indian law, including the Digital Personal Data
              Protection Act, 2023, you may ask for a summary of your data, its correction or erasure, and
              withdraw consent; write to our Grievance Officer, {operator.grievanceOfficer}, at{' '}
              {operator.grievanceEmail} (see <TextLink to={CONTACT_PATH}>Contact</TextLink>).
            </p>
          </LegalSection>
        </>
      )}
    </LegalPage>
  );
}
