import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '../ui/button';
import { TextLink } from '../ui/text-link';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  // A lazily loaded screen can fail to download after a new release replaced its file.
  if (error instanceof TypeError && /dynamically imported module|Importing a module/i.test(error.message)) {
    return 'A new version of X-Trader is available. Reload to continue.';
  }
  return error instanceof Error ? error.message : 'Unknown error';
}

/** Error boundary of one route: the rest of the app (toasts, theme) keeps working. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <main role="alert" className="grid min-h-full place-items-center p-6">
      <div className="max-w-md text-center">
        <h1 className="text-lg font-semibold">Something went wrong</h1>
        <p className="mt-2 text-sm text-muted">{describe(error)}</p>
        <div className="mt-5 flex items-center justify-center gap-4">
          <Button onClick={() => window.location.reload()}>Reload</Button>
          <TextLink to="/">Go to login</TextLink>
        </div>
      </div>
    </main>
  );
}
