import { KeyRound, Languages, MonitorSmartphone, ShieldCheck, UserRound } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useAuth } from '~/lib/auth';
import { PasswordForm } from './PasswordForm';
import { ProfileForm } from './ProfileForm';
import { SessionsList } from './SessionsList';
import { TwoFactorSection } from './TwoFactorSection';
import { useAccountT } from '~/lib/i18n/account-texts';
import { LanguageSettings } from './LanguageSettings';
import { TWO_FACTOR_SECTION_ID } from '../use-two-factor-enrolment-redirect';

/**
 * A signed-in user's own account settings, for every role: profile, password, active sessions and
 * two-factor sign-in.
 * Each area's settings route renders it; an area adds its own sections as children (after these).
 */
export function AccountSettings({ children }: { children?: ReactNode }) {
  const { user } = useAuth();
  const { t } = useAccountT();
  if (!user) return null;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <SettingsSection
        id="settings-profile"
        icon={UserRound}
        title={t('sections.profile')}
        description={t('sections.profileText')}
      >
        <ProfileForm key={user._id} user={user} />
      </SettingsSection>
      <SettingsSection
        id="settings-language"
        icon={Languages}
        title={t('sections.language')}
        description={t('sections.languageText')}
      >
        <LanguageSettings user={user} />
      </SettingsSection>
      <SettingsSection
        id="settings-password"
        icon={KeyRound}
        title={t('sections.password')}
        description={t('sections.passwordText')}
      >
        <PasswordForm email={user.email} />
      </SettingsSection>
      <SettingsSection
        id="settings-sessions"
        icon={MonitorSmartphone}
        title={t('sections.sessions')}
        description={t('sections.sessionsText')}
      >
        <SessionsList />
      </SettingsSection>
      <SettingsSection
        id={TWO_FACTOR_SECTION_ID}
        icon={ShieldCheck}
        title={t('sections.twoFactor')}
        description={t('sections.twoFactorText')}
      >
        <TwoFactorSection />
      </SettingsSection>
      {children}
    </div>
  );
}

/** One card of a settings page: an icon, a heading (labelling the section) and a description. */
export function SettingsSection({
  id,
  icon: Icon,
  title,
  description,
  children,
}: {
  id: string;
  icon: LucideIcon;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-xl border border-slate-700/80 bg-slate-800/40 p-4 sm:p-6"
    >
      <div className="mb-5 flex items-start gap-3">
        <span className="shrink-0 rounded-lg bg-sky-500/15 p-2 text-sky-300">
          <Icon aria-hidden="true" className="h-5 w-5" />
        </span>
        <div>
          <h2 id={id} className="text-base font-semibold text-white">
            {title}
          </h2>
          <p className="text-sm text-slate-400">{description}</p>
        </div>
      </div>
      {children}
    </section>
  );
}
