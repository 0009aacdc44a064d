/** Settings › Email: sender, reply-to, postal address, tracking, the sending account and its repairs. */
export { EmailSettingsSection } from './components/email-settings-section.tsx';
export { POSTAL_ADDRESS_HINT } from './components/email-settings-form.tsx';
