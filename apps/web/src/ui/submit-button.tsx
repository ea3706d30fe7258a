import { Button, type ButtonProps } from './button';
import { cn } from './cn';

/** The large, full-width button that submits a form. */
export function SubmitButton({ className, ...props }: Omit<ButtonProps, 'type' | 'size'>) {
  return <Button type="submit" size="lg" className={cn('w-full', className)} {...props} />;
}
