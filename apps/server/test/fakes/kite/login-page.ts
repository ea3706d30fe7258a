// The fake Kite login page: a form with the client id, and the redirect Kite makes after a successful login
// (`?action=login&type=login&status=success&request_token=...`).

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export function loginPage(apiKey: string, defaultUserId: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Kite Connect (fake) - Login</title></head>
<body style="font-family: sans-serif; max-width: 24rem; margin: 4rem auto">
  <h1>Login to Kite</h1>
  <p>Fake Kite Connect login for app <code>${escapeHtml(apiKey)}</code>.</p>
  <form method="get" action="/connect/authorize">
    <input type="hidden" name="api_key" value="${escapeHtml(apiKey)}">
    <label>User ID <input name="user_id" value="${escapeHtml(defaultUserId)}"></label>
    <button type="submit">Login</button>
  </form>
  <form method="get" action="/connect/authorize">
    <input type="hidden" name="api_key" value="${escapeHtml(apiKey)}">
    <input type="hidden" name="deny" value="1">
    <button type="submit">Cancel</button>
  </form>
</body></html>`;
}

/** Where the browser goes after the login form: the app's redirect URL with Kite's query parameters. */
export function redirectAfterLogin(
  redirectUrl: string,
  outcome: { requestToken: string } | 'cancelled',
): string {
  const url = new URL(redirectUrl);
  url.searchParams.set('action', 'login');
  url.searchParams.set('type', 'login');
  if (outcome === 'cancelled') {
    url.searchParams.set('status', 'cancelled');
  } else {
    url.searchParams.set('status', 'success');
    url.searchParams.set('request_token', outcome.requestToken);
  }
  return url.toString();
}
