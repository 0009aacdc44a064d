/** The id of the `<script type="application/json">` holding the client config in every HTML page. */
export const CLIENT_CONFIG_ELEMENT_ID = 'shopfront-config';

/**
 * The id of the `<script type="application/json">` in a signed-in dashboard document that holds
 * what `getCurrentUser` answers for its session cookie (its wire body: `{"result": …}` or
 * `{"error": …}`), so the first screen does not wait for that call.
 */
export const SESSION_BOOT_ELEMENT_ID = 'shopfront-session';
