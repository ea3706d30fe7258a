/** Main trading screen; its panels (order panel, config bar, tables) arrive with the dashboard issues. */
export function DashboardPage() {
  return (
    <main className="p-4">
      <h1 className="text-base font-semibold">Dashboard</h1>
      <section aria-label="Order panel" className="mt-4 grid gap-3 md:grid-cols-2">
        <div className="rounded-lg border border-border bg-surface p-4">
          <h2 className="text-xs font-semibold tracking-wide text-muted">MARKET ORDER (PRESS ARROWS)</h2>
        </div>
        <div className="rounded-lg border border-border bg-surface p-4">
          <h2 className="text-xs font-semibold tracking-wide text-muted">STOP LOSS ORDER (SHIFT + ARROWS)</h2>
        </div>
      </section>
    </main>
  );
}
