import { Spinner } from '../ui/spinner';

/** Shown while a lazily loaded screen downloads. */
export function PageLoading() {
  return (
    <div className="grid min-h-full place-items-center">
      <Spinner className="size-6 text-muted" label="Loading page" />
    </div>
  );
}
