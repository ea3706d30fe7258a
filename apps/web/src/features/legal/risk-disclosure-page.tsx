import { CONTACT_PATH, TERMS_PATH } from '../../config/product';
import { ExternalLink, TextLink } from '../../ui/text-link';
import { LegalList, LegalPage, LegalSection } from './legal-page';

/** SEBI's prescribed "Risk disclosures on derivatives", as brokers must show them (in its words). */
const SEBI_DISCLOSURES = [
  '9 out of 10 individual traders in equity Futures and Options Segment, incurred net losses.',
  'On an average, loss makers registered net trading loss close to ₹ 50,000.',
  'Over and above the net trading losses incurred, loss makers expended an additional 28% of net trading losses as transaction costs.',
  'Those making net trading profits, incurred between 15% to 50% of such profits as transaction cost.',
];

/** `/risk-disclosure`: what trading index options through this platform risks. */
export function RiskDisclosurePage() {
  return (
    <LegalPage
      title="Risk Disclosure"
      intro="Read this before you trade futures and options (F&O) through X-Trader. Trading in derivatives can lose you money quickly, including more than you planned to risk."
    >
      {(operator) => (
        <>
          <section
            aria-labelledby="sebi-disclosures"
            className="rounded-lg border border-warn/40 bg-warn/10 p-5 text-[15px] leading-7 text-fg"
          >
            <h2 id="sebi-disclosures" className="text-lg font-semibold">
              Risk disclosures on derivatives
            </h2>
            <ol className="mt-3 list-decimal space-y-2 pl-5">
              {SEBI_DISCLOSURES.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ol>
            <p className="mt-4 text-sm text-muted">
              Source: SEBI study dated January 25, 2023 on “Analysis of Profit and Loss of Individual Traders
              dealing in equity Futures and Options (F&amp;O) Segment”, wherein Aggregate Level findings are
              based on annual Profit/Loss incurred by individual traders in equity F&amp;O during FY 2021-22.
              The study and SEBI’s later studies of individual F&amp;O traders are published on{' '}
              <ExternalLink href="https://www.sebi.gov.in">www.sebi.gov.in</ExternalLink>.
            </p>
          </section>

          <LegalSection title="Leverage">
            <p>
              A futures or option position controls a contract worth many times the margin or premium you pay,
              so a small move in the index becomes a large gain or loss on your capital.
            </p>
            <LegalList
              items={[
                'Buying an option can lose the whole premium paid; most options that end out of the money expire worthless.',
                'Selling (writing) options and trading futures can lose more than the margin you deposited; the loss on a sold call has no upper limit.',
                'Exchanges and brokers can raise margins at any time. If your margin falls short, your broker may square off your positions without asking you, at the market price of that moment.',
                'Options lose time value as expiry approaches, and prices on expiry day can swing sharply within minutes.',
              ]}
            />
          </LegalSection>

          <LegalSection title="Orders go through your broker's API">
            <p>
              X-Trader is software. It is not a stock broker, does not hold your money or securities and does
              not execute trades itself. Every live order is sent to the broker you link, through that
              broker’s API and under your login, as an API (algorithmic) order. The broker’s risk checks, the
              exchange’s rules and SEBI’s framework for algorithmic trading by retail investors apply to it,
              and the broker or the exchange may reject or limit it.
            </p>
            <LegalList
              items={[
                'One-key orders, bracket orders, trailing stop-losses, follow-up trades, the MTM kill switch and the slicing of large quantities act on the prices X-Trader receives. They can act late or not at all when prices are delayed, the connection drops, the broker’s API is slow or down, or the market jumps.',
                'A stop-loss does not guarantee the price you exit at, and a market order can fill far from the last traded price in a fast or thin market.',
                'If the outcome of an order is unknown (for example after a network error), check the order book at your broker before placing it again, or you may end up with twice the position.',
                'Keep access to your broker’s own app or dealing desk so you can manage positions if X-Trader is unavailable.',
              ]}
            />
          </LegalSection>

          <LegalSection title="Costs">
            <p>
              Every trade carries brokerage and statutory charges (Securities Transaction Tax, exchange
              transaction charges, SEBI turnover fees, stamp duty and GST) on top of any X-Trader
              subscription. Frequent trading multiplies them; as the SEBI figures above show, they are a large
              share of traders’ results.
            </p>
          </LegalSection>

          <LegalSection title="Practice Mode is not the market">
            <p>
              Practice Mode trades virtual money on delayed prices against a simulated exchange. Its fills,
              profits and losses are not what the same orders would get in the market, and good results there
              do not predict results with real money.
            </p>
          </LegalSection>

          <LegalSection title="No advice, no guarantee of returns">
            <p>
              {operator.legalName} does not give investment advice, research or tips, and nothing in X-Trader
              (including testimonials, figures or practice results) recommends any trade or promises any
              return. You decide every trade and bear its outcome. Trade only with money you can afford to
              lose. See the <TextLink to={TERMS_PATH}>Terms of Use</TextLink> for the full conditions, and{' '}
              <TextLink to={CONTACT_PATH}>Contact</TextLink> for questions and grievances.
            </p>
          </LegalSection>
        </>
      )}
    </LegalPage>
  );
}
