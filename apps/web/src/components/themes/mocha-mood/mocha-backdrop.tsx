import { useId } from 'react';

/** One coffee bean (an oval with its crease), placed twice in the tile. */
const BEAN = 'M9 0A9 13 0 1 1-9 0A9 13 0 1 1 9 0ZM-.8-11.5C3.5-5 -4.5 5 -.8 11.5L.8 11.5C-2.8 5 5.2-5 .8-11.5Z';

/**
 * Soft latte-foam glows and a faint scatter of coffee beans behind the page. The beans are an
 * inline SVG pattern in currentColor, not a `data:` SVG mask: an image costs the browser an SVG
 * document of its own to create before the first paint (decision 037).
 */
export function MochaBackdrop() {
  // useId is the same on the server and in hydration; a pattern id must not clash with another backdrop's.
  const patternId = `sf-beans-${useId().replace(/[^\w-]/g, '')}`;
  return (
    <div className="sf-backdrop" aria-hidden="true">
      <span className="sf-mocha-glow sf-mocha-glow-top" />
      <span className="sf-mocha-glow sf-mocha-glow-bottom" />
      <span className="sf-mocha-beans">
        <svg>
          <pattern id={patternId} width="160" height="160" patternUnits="userSpaceOnUse">
            <g fill="currentColor" fillRule="evenodd">
              <path transform="translate(36 42) rotate(-30)" d={BEAN} />
              <path transform="translate(118 104) rotate(35)" d={BEAN} />
              <circle cx="128" cy="28" r="2.2" />
              <circle cx="52" cy="132" r="2.2" />
              <circle cx="86" cy="70" r="1.6" />
            </g>
          </pattern>
          <rect width="100%" height="100%" fill={`url(#${patternId})`} />
        </svg>
      </span>
    </div>
  );
}
