/** The line under a form that says why it was not sent; nothing while there is no problem. */
export function FormError({ problem }: { problem: string | null }) {
  if (!problem) return null;
  return (
    <p role="alert" className="text-sm text-sell">
      {problem}
    </p>
  );
}
