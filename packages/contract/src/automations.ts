import { z } from 'zod';
import { displayName, idSchema, listResponseSchema, pageQuerySchema } from './common.ts';
import { FAN_SPEEDS } from './device-state.ts';
import { AUTOMATION_LIMITS } from './automation-rules.ts';

/**
 * Automations (issue 33): WHEN something happens, IF optional conditions hold, THEN device commands,
 * notifications and delays, in order. This module is the vocabulary both ends share; the server's engine
 * (`modules/automations/engine/`) evaluates it.
 */

/** What an air-quality trigger compares: the PM2.5 reading (µg/m³) or the AQI on the deployment's scale. */
export const AUTOMATION_METRICS = ['pm25', 'aqi'] as const;
export type AutomationMetric = (typeof AUTOMATION_METRICS)[number];

/** `above`: the value is greater than the threshold; `below`: less than it. */
export const THRESHOLD_DIRECTIONS = ['above', 'below'] as const;
export type ThresholdDirection = (typeof THRESHOLD_DIRECTIONS)[number];

/** What a device trigger waits for. */
export const DEVICE_EVENTS = ['turns_on', 'turns_off', 'goes_offline', 'comes_online'] as const;
export type DeviceEvent = (typeof DEVICE_EVENTS)[number];

/** Days of the week as `Date#getDay()` and cron count them: 0 is Sunday. */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

const WALL_CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A wall-clock time in the home's time zone, `HH:MM` (24-hour). */
export const wallClockSchema = z.string().regex(WALL_CLOCK, 'Enter a time as HH:MM');

const days = z
  .array(z.number().int().min(0).max(6))
  .min(1, 'Choose at least one day')
  .max(7)
  .refine((d) => new Set(d).size === d.length, 'Each day once');

export const airQualityTriggerSchema = z.object({
  kind: z.literal('air_quality'),
  /** A SKYWALKER sensor or an ISAAC purifier of the home (both report PM2.5). */
  device_id: idSchema,
  metric: z.enum(AUTOMATION_METRICS),
  direction: z.enum(THRESHOLD_DIRECTIONS),
  value: z.number().min(0).max(1000),
  /** The value stays past the threshold this long before the automation runs (0 = at once). */
  for_minutes: z.number().int().min(0).max(AUTOMATION_LIMITS.maxForMinutes).default(0),
});
export const scheduleTriggerSchema = z.object({
  kind: z.literal('schedule'),
  time: wallClockSchema,
  days,
});
export const deviceTriggerSchema = z.object({
  kind: z.literal('device'),
  device_id: idSchema,
  event: z.enum(DEVICE_EVENTS),
});
export const automationTriggerSchema = z.discriminatedUnion('kind', [
  airQualityTriggerSchema,
  scheduleTriggerSchema,
  deviceTriggerSchema,
]);
export type AutomationTrigger = z.infer<typeof automationTriggerSchema>;
export type AirQualityTrigger = z.infer<typeof airQualityTriggerSchema>;
export type ScheduleTrigger = z.infer<typeof scheduleTriggerSchema>;

export const automationConditionSchema = z.discriminatedUnion('kind', [
  /** Between two wall-clock times; `from` after `to` spans midnight (22:00–06:00). */
  z.object({ kind: z.literal('time_between'), from: wallClockSchema, to: wallClockSchema }),
  z.object({ kind: z.literal('device_is'), device_id: idSchema, state: z.enum(['on', 'off', 'online']) }),
]);
export type AutomationCondition = z.infer<typeof automationConditionSchema>;

/** A device command an automation sends (the device-command service's commands). */
export const automationCommandSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('power'), on: z.boolean() }),
  z.object({ kind: z.literal('gang'), index: z.number().int().min(0).max(7), on: z.boolean() }),
  z.object({ kind: z.literal('fan_speed'), speed: z.enum(FAN_SPEEDS) }),
]);

export const automationActionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('device'), device_id: idSchema, command: automationCommandSchema }),
  z.object({
    kind: z.literal('notify'),
    /** Empty: the notification says what triggered the automation. */
    message: z.string().trim().max(AUTOMATION_LIMITS.maxNotifyChars).default(''),
  }),
  z.object({
    kind: z.literal('delay'),
    seconds: z.number().int().min(1).max(AUTOMATION_LIMITS.maxDelaySeconds),
  }),
]);
export type AutomationAction = z.infer<typeof automationActionSchema>;

export const automationDefinitionSchema = z
  .object({
    name: displayName('Give the automation a name', 100),
    enabled: z.boolean().default(true),
    trigger: automationTriggerSchema,
    conditions: z.array(automationConditionSchema).max(AUTOMATION_LIMITS.maxConditions).default([]),
    actions: z
      .array(automationActionSchema)
      .min(1, 'Add at least one action')
      .max(AUTOMATION_LIMITS.maxActions)
      .refine((a) => a.some((step) => step.kind !== 'delay'), 'Add an action besides waiting'),
    /**
     * Air-quality triggers only: the steps run when the value is back past the threshold by the hysteresis
     * after a run ("…and off again when the air is clean"). They run only if that run changed a device, so a
     * purifier someone switched on by hand is never switched off by the automation.
     */
    clear_actions: z.array(automationActionSchema).max(AUTOMATION_LIMITS.maxActions).default([]),
    max_toggles_per_hour: z
      .number()
      .int()
      .min(1)
      .max(AUTOMATION_LIMITS.maxTogglesPerHour)
      .default(AUTOMATION_LIMITS.defaultMaxTogglesPerHour),
    manual_override_minutes: z
      .number()
      .int()
      .min(0)
      .max(AUTOMATION_LIMITS.maxManualOverrideMinutes)
      .default(AUTOMATION_LIMITS.defaultManualOverrideMinutes),
  })
  .refine((d) => d.clear_actions.length === 0 || d.trigger.kind === 'air_quality', {
    message: 'Only an air-quality automation can act when the air is clean again',
    path: ['clear_actions'],
  });
export type AutomationDefinition = z.output<typeof automationDefinitionSchema>;
export type AutomationDefinitionInput = z.input<typeof automationDefinitionSchema>;

/**
 * The band a threshold re-arms across: an automation that fired when PM2.5 rose above 90 runs again only
 * after the value has gone back below 90 minus this (and then above 90 again), so a reading that hovers at
 * the threshold does not toggle a purifier on every report.
 */
export function thresholdHysteresis(value: number): number {
  return Math.max(5, Math.round(value * 0.1));
}

/** An automation as the API presents it: its definition, when it last ran and (schedules) when it runs next. */
export const automationSchema = z.object({
  _id: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  trigger: automationTriggerSchema,
  conditions: z.array(automationConditionSchema),
  actions: z.array(automationActionSchema),
  clear_actions: z.array(automationActionSchema),
  /** The purifier whose auto mode this automation is (its device settings show and change it), or null. */
  auto_mode_for: z.string().nullable(),
  max_toggles_per_hour: z.number().int(),
  manual_override_minutes: z.number().int(),
  last_run_at: z.string().nullable(),
  last_outcome: z.enum(['ok', 'partial', 'failed', 'skipped']).nullable(),
  next_run_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Automation = z.infer<typeof automationSchema>;
export const automationListSchema = z.object({ automations: z.array(automationSchema) });
export const automationResponseSchema = z.object({ automation: automationSchema });

export const AUTOMATION_RUN_OUTCOMES = ['ok', 'partial', 'failed', 'skipped'] as const;
export type AutomationRunOutcome = (typeof AUTOMATION_RUN_OUTCOMES)[number];
export const AUTOMATION_STEP_OUTCOMES = ['done', 'failed', 'skipped'] as const;

/** One run: what triggered it, each step's outcome, and the run's. */
export const automationRunSchema = z.object({
  _id: z.string(),
  trigger: z.string(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  outcome: z.enum(AUTOMATION_RUN_OUTCOMES),
  steps: z.array(
    z.object({
      kind: z.enum(['device', 'notify', 'delay']),
      device_id: z.string().nullable(),
      outcome: z.enum(AUTOMATION_STEP_OUTCOMES),
      detail: z.string(),
    }),
  ),
});
export type AutomationRun = z.infer<typeof automationRunSchema>;
export const automationRunListSchema = listResponseSchema('runs', automationRunSchema);
export const automationRunsQuerySchema = pageQuerySchema;
