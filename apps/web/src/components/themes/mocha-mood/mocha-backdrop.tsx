/** Soft latte-foam glows and a faint scatter of coffee beans behind the page. */
export function MochaBackdrop() {
  return (
    <div className="sf-backdrop" aria-hidden="true">
      <span className="sf-mocha-glow sf-mocha-glow-top" />
      <span className="sf-mocha-glow sf-mocha-glow-bottom" />
      <span className="sf-mocha-beans" />
    </div>
  );
}
