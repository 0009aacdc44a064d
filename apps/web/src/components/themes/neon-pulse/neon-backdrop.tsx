/** A magenta-and-cyan night sky with a retro sun and a perspective grid on the horizon. */
export function NeonBackdrop() {
  return (
    <div className="sf-backdrop" aria-hidden="true">
      <span className="sf-neon-haze" />
      <span className="sf-neon-sun" />
      <span className="sf-neon-grid" />
    </div>
  );
}
