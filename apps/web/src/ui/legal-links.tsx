import { LEGAL_PAGES } from '../config/product';
import { cn } from './cn';
import { ExternalLink } from './text-link';

/**
 * Terms, Privacy, Risk Disclosure and Contact. They open in a new tab so a half-filled signup form or a running
 * trading screen is never left behind.
 */
export function LegalLinks({ className }: { className?: string }) {
  return (
    <nav
      aria-label="Legal"
      className={cn('flex flex-wrap justify-center gap-x-4 gap-y-1 text-xs', className)}
    >
      {LEGAL_PAGES.map((page) => (
        <ExternalLink key={page.path} href={page.path} className="font-normal text-muted hover:text-fg">
          {page.title}
        </ExternalLink>
      ))}
    </nav>
  );
}
