import { cn } from './cn';

/** 'Step 2 of 3' with a segmented bar, for multi-step forms. */
export function StepIndicator({
  step,
  total,
  className,
}: {
  step: number;
  total: number;
  className?: string;
}) {
  return (
    <div className={cn('flex items-center gap-3', className)}>
      <div className="flex flex-1 gap-1" aria-hidden>
        {Array.from({ length: total }, (_, index) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed positions.
            key={index}
            className={cn('h-1 flex-1 rounded-full', index < step ? 'bg-accent' : 'bg-surface-3')}
          />
        ))}
      </div>
      <span className="text-xs text-muted">
        Step {step} of {total}
      </span>
    </div>
  );
}
