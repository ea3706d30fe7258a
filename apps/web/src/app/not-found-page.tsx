import { TextLink } from '../ui/text-link';

export function NotFoundPage() {
  return (
    <main className="grid min-h-full place-items-center p-6">
      <div className="text-center">
        <p className="font-mono text-5xl font-semibold text-accent">404</p>
        <h1 className="mt-3 text-lg font-semibold">Page not found</h1>
        <p className="mt-1 text-sm text-muted">The page you are looking for does not exist.</p>
        <TextLink to="/" className="mt-5 inline-block text-sm">
          Back to X-Trader
        </TextLink>
      </div>
    </main>
  );
}
