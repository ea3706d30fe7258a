import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { cn } from './cn';

const linkClass =
  'font-medium text-accent underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring rounded-sm';

/** In-app link in the house style. */
export function TextLink({ className, ...props }: ComponentProps<typeof Link>) {
  return <Link className={cn(linkClass, className)} {...props} />;
}

/** Link leaving the app (terms, privacy, external forms): new tab, no opener. */
export function ExternalLink({ className, ...props }: ComponentProps<'a'>) {
  return <a target="_blank" rel="noopener noreferrer" className={cn(linkClass, className)} {...props} />;
}
