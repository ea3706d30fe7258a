import type { Plan } from '@xtrader/core/api/billing';
import { formatRupee } from '@xtrader/core/format/format';
import { GST_PERCENT, priceWithGst } from '../../pricing';

// Server-rendered pages of the sandbox checkout, in the product's dark palette (apps/web/src/index.css).

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const STYLE = `
:root{color-scheme:dark}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#0d0f12;color:#e4e7ec;
font:14px/1.5 Inter,ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;
font-variant-numeric:tabular-nums;-webkit-font-smoothing:antialiased}
main{width:min(420px,calc(100vw - 32px));background:#14171c;border:1px solid #272c35;border-radius:10px;
box-shadow:0 10px 30px rgb(0 0 0/.35);padding:28px}
.brand{display:flex;align-items:center;gap:8px;font-weight:600;font-size:16px}
.brand b{color:#2f81f7}
.badge{margin-left:auto;font-size:11px;font-weight:600;color:#e3a008;border:1px solid #e3a00866;border-radius:999px;padding:2px 8px}
h1{font-size:18px;margin:22px 0 2px}
p{margin:0;color:#8a93a3}
dl{margin:20px 0;border-top:1px solid #272c35}
dl div{display:flex;justify-content:space-between;padding:10px 0;border-bottom:1px solid #272c35}
dt{color:#8a93a3} dd{margin:0}
.total dt,.total dd{color:#e4e7ec;font-weight:600;font-size:15px}
.actions{display:grid;gap:10px}
button,a.button{display:flex;justify-content:center;align-items:center;height:40px;border-radius:6px;border:0;
font-weight:600;font-size:14px;font-family:inherit;cursor:pointer;text-decoration:none}
.pay{background:#2f81f7;color:#fff}.pay:hover{background:#4a93fa}
.fail{background:#1b1f26;color:#ef4f4f;border:1px solid #363d49}.fail:hover{background:#232832}
.back{background:#1b1f26;color:#e4e7ec;border:1px solid #363d49}
.note{margin-top:16px;font-size:12px;color:#5d6572;text-align:center}
.error{margin-top:14px;color:#ef4f4f}
`;

const LOGO = `<svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true"><rect width="32" height="32" rx="7"
fill="#2f81f7"/><path d="M9 9l14 14M23 9L9 23" stroke="#fff" stroke-width="3.5" stroke-linecap="round"/></svg>`;

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en" class="dark"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} - X-Trader</title>
<style>${STYLE}</style></head><body><main>
<div class="brand">${LOGO}<span>X-<b>Trader</b></span><span class="badge">SANDBOX</span></div>
${body}</main></body></html>`;
}

/** The hosted checkout: plan, price, GST and total, with Pay and Fail buttons posting back here. */
export function renderCheckoutPage(plan: Plan, actionBase: string, previousAttemptFailed: boolean): string {
  const { price, gst, total } = priceWithGst(plan);
  const planName = `${plan.title} - ${plan.description}`;
  return layout(
    'Checkout',
    `<h1>Complete your purchase</h1><p>Sandbox checkout: no real payment is taken.</p>
<dl>
<div><dt>Plan</dt><dd data-testid="plan">${escapeHtml(planName)}</dd></div>
<div><dt>Price</dt><dd data-testid="price">${formatRupee(price)}</dd></div>
<div><dt>GST (${GST_PERCENT}%)</dt><dd data-testid="gst">${formatRupee(gst)}</dd></div>
<div class="total"><dt>Total</dt><dd data-testid="total">${formatRupee(total)}</dd></div>
</dl>
${previousAttemptFailed ? '<p class="error">The previous payment attempt failed. You can try again.</p>' : ''}
<div class="actions">
<form method="post" action="${escapeHtml(actionBase)}/pay"><button class="pay" type="submit" style="width:100%">Pay ${formatRupee(total)}</button></form>
<form method="post" action="${escapeHtml(actionBase)}/fail"><button class="fail" type="submit" style="width:100%">Fail payment</button></form>
<a class="button back" href="/subscribe">Cancel</a>
</div>
<p class="note">Prices in rupees; GST is charged on top of the plan price.</p>`,
  );
}

/** A page with a message and one way forward (declined payment, closed or unknown checkout). */
export function renderMessagePage(
  title: string,
  message: string,
  link: { href: string; label: string },
): string {
  return layout(
    title,
    `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>
<div class="actions" style="margin-top:20px"><a class="button back" href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></div>`,
  );
}
