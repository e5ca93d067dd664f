import owner from '~/lib/i18n/en/owner';

/**
 * The automations screen's English: the catalogue's (lib/i18n/en/owner.ts `automations`, ADR 073), for
 * toasts declared in mutations and for tests; screens show them through `t('automations.…')`.
 */
export const AUTOMATIONS_MSG = {
  title: owner.automations.title,
  intro: owner.automations.intro,
  load: owner.automations.load,
  empty: owner.automations.empty,
  saveFailed: owner.automations.saveFailed,
  deleteFailed: owner.automations.deleteFailed,
  switchedOn: owner.automations.switchedOn,
  switchedOff: owner.automations.switchedOff,
  needsDevices: owner.automations.needsDevices,
} as const;

export const OUTCOME_LABELS = owner.automations.outcomes;
export const OUTCOME_TONES = { ok: 'green', partial: 'yellow', failed: 'red', skipped: 'slate' } as const;
