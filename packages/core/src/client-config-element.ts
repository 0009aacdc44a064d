/** The id of the `<script type="application/json">` holding the client config in every HTML page. */
export const CLIENT_CONFIG_ELEMENT_ID = 'shopfront-config';
