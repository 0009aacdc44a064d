/**
 * The stylesheet entry of server-rendered website pages (a Vite client entry beside the
 * storefront's): the server links only its CSS from the manifest and no script at all — the
 * blocks need none (decision 028).
 */
import './website-page.css';
