import { themeStyle } from '#src/components/themes/theme-style.ts';
import { DEFAULT_THEME_ID } from '#src/components/themes/theme-ids.ts';
import { WebsiteBanner } from './website-frame.tsx';
import './website.css';

/** Spec §2 "Website Not Found" with the slug: no store by that slug, or one without a published website. */
export function WebsiteMissingView({ slug, homeHref, banner }: { slug: string; homeHref: string; banner?: string }) {
  const { style } = themeStyle(DEFAULT_THEME_ID);
  return (
    <div className="sf-root ws-root" data-theme={DEFAULT_THEME_ID} style={style}>
      <WebsiteBanner>{banner}</WebsiteBanner>
      <div className="ws-page">
        <main className="ws-main ws-not-found">
          <h1 className="ws-heading">Website Not Found</h1>
          <p>
            We couldn&rsquo;t find a website for <code>{slug}</code>.
          </p>
          <p>It may not be published yet, or the address may be wrong.</p>
          <a className="ws-button" data-style="primary" href={homeHref}>
            Go to Shopfront
          </a>
        </main>
      </div>
    </div>
  );
}
