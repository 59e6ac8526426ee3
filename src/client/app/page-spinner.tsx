/** Shown while a route's code or the first language file loads; no text, so it needs no translation. */
export function PageSpinner() {
  return (
    <div className="flex min-h-[60vh] items-center justify-center" aria-hidden>
      <span className="h-10 w-10 animate-spin rounded-full border-4 border-sand-200 border-t-terracotta-600" />
    </div>
  );
}
