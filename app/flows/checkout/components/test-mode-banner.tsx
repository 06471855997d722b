/** The TEST MODE label of checkout pages while the built-in test provider is on: nothing real is charged. */
export function TestModeBanner() {
  return (
    <aside
      aria-label="Test mode"
      className="bg-warning px-4 py-2 text-center text-sm font-bold tracking-wide text-background"
    >
      TEST MODE{" "}
      <span className="font-normal">— payments here are simulated with test cards; no real card is charged.</span>
    </aside>
  );
}
