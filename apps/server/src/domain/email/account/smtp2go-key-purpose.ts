/** The `deriveKey` purpose that seals a store's smtp2go sub-account API key. */
export const smtp2goKeyPurpose = 'smtp2go-api-key';
