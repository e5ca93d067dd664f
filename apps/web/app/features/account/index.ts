/** The signed-in user's own account (every role): profile, password, sessions. */
export { AccountSettings, SettingsSection } from './components/AccountSettings';
