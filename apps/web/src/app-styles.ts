import './app-styles.css';

/**
 * Every page's utilities (app-styles.css). The landing, members, storefront and website modes
 * import this module with their routes; the dashboard loads it with each lazy page
 * (`withAppStyles`), so its first screen carries only its own utilities (index.css).
 */
export {};
