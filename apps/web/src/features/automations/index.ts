/** The dashboard's email automations: the list with its templates, and the editor with per-step numbers. */
export { AutomationsPanel, EMPTY_AUTOMATIONS_TEXT } from './components/automations-list.tsx';
export { AutomationScreen } from './components/automation-screen.tsx';
export type { EmailBodyEditor, EmailBodyEditorProps } from './components/email-body-editor.tsx';
