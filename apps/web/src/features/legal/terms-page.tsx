import { FREE_TRIAL_DAYS } from '@xtrader/core/constants';
import { CONTACT_PATH, PRIVACY_PATH, RISK_DISCLOSURE_PATH } from '../../config/product';
import { TextLink } from '../../ui/text-link';
import { LegalList, LegalPage, LegalSection } from './legal-page';

/** `/terms`: the conditions of using X-Trader, with the operator's name and jurisdiction. */
export function TermsPage() {
  return (
    <LegalPage
      title="Terms of Use"
      intro="These terms are an agreement between you and the operator of X-Trader named below. By creating an account or using X-Trader you accept them."
    >
      {(operator) => (
        <>
          <LegalSection title="1. Who provides X-Trader">
            <p>
              X-Trader is provided by {operator.legalName}, {operator.address} (“we”). You can reach us at{' '}
              {operator.email} or {operator.phone}.
            </p>
          </LegalSection>

          <LegalSection title="2. What X-Trader is, and is not">
            <p>
              X-Trader is a trading terminal: software that shows index option prices and sends the orders you
              give it to the stock broker you link, through that broker’s API. We are not a stock broker, do
              not hold your funds or securities, do not execute or settle trades and do not give investment
              advice or recommendations. Your account, orders, margins and positions at your broker remain
              governed by your agreement with the broker, who is responsible for them towards the exchange.
            </p>
          </LegalSection>

          <LegalSection title="3. Your account">
            <LegalList
              items={[
                'You must be at least 18 years old and allowed to trade derivatives in India to use X-Trader with a live broker account.',
                'Give accurate details, keep your password and one-time codes to yourself, and tell us at once if you think someone else used your account. You are responsible for everything done with your login.',
                'Linking a broker gives X-Trader an access token from that broker for your account; you can unlink it, or revoke the app at your broker, at any time.',
              ]}
            />
          </LegalSection>

          <LegalSection title="4. Orders and automation">
            <p>
              Every order X-Trader sends is your instruction, including orders placed by the features you
              switch on (bracket orders, trailing stop-losses, follow-up trades, the MTM kill switch, the
              slicing of large quantities). You are responsible for checking them at your broker. Orders can
              be delayed, rejected or filled at prices other than those shown, and automated features depend
              on prices and connections that can fail. Read the{' '}
              <TextLink to={RISK_DISCLOSURE_PATH}>Risk Disclosure</TextLink> before you trade.
            </p>
          </LegalSection>

          <LegalSection title="5. Plans and payment">
            <p>
              New accounts can start a {FREE_TRIAL_DAYS}-day free trial. Paid plans are charged in advance for
              the period shown on the pricing page, with GST added at checkout, through our payment provider.
              Practice Mode uses virtual money only. Any refund promise shown on the pricing page applies as
              stated there.
            </p>
          </LegalSection>

          <LegalSection title="6. Acceptable use">
            <p>
              Do not misuse X-Trader: no attempts to break its security, overload it, use another person’s
              account or broker, or use it for trades that break the law or exchange rules (such as price
              manipulation). We may suspend or close an account that does.
            </p>
          </LegalSection>

          <LegalSection title="7. Availability and liability">
            <p>
              We work to keep X-Trader running, but it is provided as is: market data may be delayed or wrong
              and the service, the broker’s API or the network may be unavailable, including during market
              hours. To the extent the law allows, we are not liable for trading losses, missed trades or
              indirect losses, and our total liability to you is limited to the subscription fees you paid us.
            </p>
          </LegalSection>

          <LegalSection title="8. Your data">
            <p>
              How we handle your personal data is set out in the{' '}
              <TextLink to={PRIVACY_PATH}>Privacy Policy</TextLink>.
            </p>
          </LegalSection>

          <LegalSection title="9. Changes and ending">
            <p>
              We may change these terms; we will show the new version here and, for material changes, tell you
              before they apply. You may stop using X-Trader and close your account at any time.
            </p>
          </LegalSection>

          <LegalSection title="10. Law, disputes and grievances">
            <p>
              These terms are governed by the laws of India. Courts at {operator.jurisdiction} have exclusive
              jurisdiction. Before going to court, please raise a grievance with our Grievance Officer,{' '}
              {operator.grievanceOfficer} ({operator.grievanceEmail}); see{' '}
              <TextLink to={CONTACT_PATH}>Contact</TextLink>. Complaints about your broker’s services go to
              your broker and, if unresolved, to SEBI’s SCORES portal or the exchange.
            </p>
          </LegalSection>
        </>
      )}
    </LegalPage>
  );
}
