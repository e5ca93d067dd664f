import { z } from 'zod';
import { idSchema, listResponseSchema, pageQuerySchema, sortQueryShape } from './common.ts';
import {
  ADMIN_DEVICE_ASSIGNMENTS,
  ADMIN_DEVICE_CONNECTIVITY,
  MAX_ADMIN_SEARCH_LENGTH,
  MAX_BULK_IDS,
} from './admin-rules.ts';
import { CUSTOMER_STATUSES, DEVICE_TYPES } from './constants.ts';
import { ADMIN_MSG } from './messages.ts';
import { deviceSchema } from './owner.ts';
import { ADMIN_DEVICE_SORTS, ADMIN_ELECTRICIAN_SORTS } from './admin-rules.ts';

/**
 * Admin devices and electrician assignments (spec sections 2 "Admin screens", 3 "Electrician customer
 * assignment", 5 "Admin assign", 7 "Admin"; issue 10; ADR 025). The web's dialogs and the server
 * validate with these schemas.
 */

/** An optional admin search text: trimmed, and an empty one is no search. */
export const adminSearchSchema = z
  .string()
  .trim()
  .max(MAX_ADMIN_SEARCH_LENGTH)
  .optional()
  .transform((value) => (value === '' ? undefined : value));

/** A person another entity points at (a device's owner, an assignment's electrician). */
export const personRefSchema = z.object({ _id: z.string(), name: z.string(), email: z.string() });
export type PersonRef = z.infer<typeof personRefSchema>;

/** A device as the admin sees it: the owner's device shape plus its owner and electrician. */
export const adminDeviceSchema = deviceSchema.extend({
  owner: personRefSchema.nullable(),
  electrician: personRefSchema.nullable(),
});
export type AdminDevice = z.infer<typeof adminDeviceSchema>;

/** GET /api/admin/devices: search (name, serial, owner name or e-mail), filters, sort and pagination. */
export const adminDeviceListQuerySchema = pageQuerySchema.extend({
  ...sortQueryShape(ADMIN_DEVICE_SORTS, 'created_at', 'desc'),
  search: adminSearchSchema,
  type: z.enum(DEVICE_TYPES).optional(),
  status: z.enum(ADMIN_DEVICE_CONNECTIVITY).optional(),
  assignment: z.enum(ADMIN_DEVICE_ASSIGNMENTS).optional(),
  firmware_version: z.string().trim().min(1).max(40).optional(),
  electrician_id: idSchema.optional(),
});
export type AdminDeviceListQuery = z.infer<typeof adminDeviceListQuerySchema>;
export const adminDeviceListSchema = listResponseSchema('devices', adminDeviceSchema);
export type AdminDeviceList = z.infer<typeof adminDeviceListSchema>;

/** GET /api/admin/devices/stats: the stat cards, plus the firmware versions devices report (the filter). */
export const adminDeviceStatsSchema = z.object({
  total: z.number().int(),
  online: z.number().int(),
  offline: z.number().int(),
  types: z.number().int(),
  firmware_versions: z.array(z.string()),
});
export type AdminDeviceStats = z.infer<typeof adminDeviceStatsSchema>;

/**
 * GET /api/admin/devices/{device_id}/messages (issue 27): what the device sent that was not stored —
 * refused at the edge (with the last reason), dropped over its publish rate, shed by a full ingest buffer.
 */
export const deviceMessageStatsSchema = z.object({
  device_id: z.string(),
  refused: z.number().int(),
  rate_limited: z.number().int(),
  shed: z.number().int(),
  last_refusal: z.string().nullable(),
  last_refused_at: z.string().nullable(),
});
export type DeviceMessageStats = z.infer<typeof deviceMessageStatsSchema>;
export const adminDeviceParamsSchema = z.object({ device_id: idSchema });

const ids = (message: string) =>
  z
    .array(idSchema, { error: message })
    .min(1, message)
    .max(MAX_BULK_IDS, `Select at most ${MAX_BULK_IDS} at a time`)
    // The same id twice is one selection.
    .transform((list) => [...new Set(list)]);

export const electricianParamsSchema = z.object({ electrician_id: idSchema });
export const electricianCustomerParamsSchema = z.object({ electrician_id: idSchema, customer_id: idSchema });

/** POST /api/admin/electricians/{electrician_id}/devices (spec: 'Please select electrician and devices'). */
export const assignDevicesBodySchema = z.object({ device_ids: ids(ADMIN_MSG.selectElectricianAndDevices) });
export type AssignDevicesBody = z.input<typeof assignDevicesBodySchema>;

/** POST /api/admin/devices/unassign-electrician and …/unassign-owner: the selected devices. */
export const deviceSelectionBodySchema = z.object({ device_ids: ids(ADMIN_MSG.selectDevices) });
export type DeviceSelectionBody = z.input<typeof deviceSelectionBodySchema>;

/** A calendar date `YYYY-MM-DD`. */
const calendarDate = z.iso.date(ADMIN_MSG.selectElectricianCustomersAndDate);

/**
 * POST /api/admin/electricians/{electrician_id}/customers: at least one customer and a date
 * (spec: 'Please select electrician, customers, and installation date'); the date is today or later
 * (in the business time zone; checked by the server against its clock, `isPastBusinessDate`).
 */
export const assignCustomersBodySchema = z.object({
  customer_ids: ids(ADMIN_MSG.selectElectricianCustomersAndDate),
  installation_date: calendarDate,
});
export type AssignCustomersBody = z.input<typeof assignCustomersBodySchema>;

/** A customer who was with another electrician and has moved (the assign response says so). */
export const reassignedCustomerSchema = z.object({
  _id: z.string(),
  name: z.string(),
  previous_electrician: personRefSchema,
});

export const assignCustomersResponseSchema = z.object({
  message: z.string(),
  assigned: z.number().int(),
  reassigned: z.array(reassignedCustomerSchema),
  /** Set when customers moved from another electrician: 'Priya Sharma moved from Ravi Kumar'. */
  notice: z.string().nullable(),
});
export type AssignCustomersResponse = z.infer<typeof assignCustomersResponseSchema>;

export const assignDevicesResponseSchema = z.object({
  message: z.string(),
  assigned: z.number().int(),
  /** How many of them were with another electrician before. */
  moved: z.number().int(),
});
export type AssignDevicesResponse = z.infer<typeof assignDevicesResponseSchema>;

export const bulkDeviceResponseSchema = z.object({ message: z.string(), updated: z.number().int() });
export type BulkDeviceResponse = z.infer<typeof bulkDeviceResponseSchema>;

/** An electrician with what they are assigned (GET /api/admin/electricians). */
export const electricianSummarySchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  status: z.string(),
  created_at: z.string(),
  customers: z.number().int(),
  devices: z.number().int(),
  installations: z.object({
    total: z.number().int(),
    pending: z.number().int(),
    in_progress: z.number().int(),
    completed: z.number().int(),
  }),
});
export type ElectricianSummary = z.infer<typeof electricianSummarySchema>;

export const adminElectricianListQuerySchema = pageQuerySchema.extend({
  ...sortQueryShape(ADMIN_ELECTRICIAN_SORTS, 'name', 'asc'),
  search: adminSearchSchema,
});
export type AdminElectricianListQuery = z.infer<typeof adminElectricianListQuerySchema>;
export const adminElectricianListSchema = listResponseSchema('electricians', electricianSummarySchema).extend(
  {
    /** The screen's counts: electricians, assigned customers, assigned devices (whole table, not the page). */
    statistics: z.object({
      electricians: z.number().int(),
      customers: z.number().int(),
      devices: z.number().int(),
    }),
  },
);
export type AdminElectricianList = z.infer<typeof adminElectricianListSchema>;

/** An electrician customer assignment (spec section 3): its electrician, date and status. */
export const customerAssignmentSchema = z.object({
  _id: z.string(),
  electrician: personRefSchema,
  installation_date: z.string().nullable(),
  status: z.enum(CUSTOMER_STATUSES),
});

/** A customer (owner) as the assign dialog and the electrician's detail list them. */
export const adminCustomerSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  assignment: customerAssignmentSchema.nullable(),
});
export type AdminCustomer = z.infer<typeof adminCustomerSchema>;

/** GET /api/admin/customers: owners by name or e-mail, optionally only one electrician's. */
export const ADMIN_CUSTOMER_SORTS = ['name', 'email'] as const;
export const adminCustomerListQuerySchema = pageQuerySchema.extend({
  ...sortQueryShape(ADMIN_CUSTOMER_SORTS, 'name', 'asc'),
  search: adminSearchSchema,
  electrician_id: idSchema.optional(),
});
export type AdminCustomerListQuery = z.infer<typeof adminCustomerListQuerySchema>;
export const adminCustomerListSchema = listResponseSchema('customers', adminCustomerSchema);
export type AdminCustomerList = z.infer<typeof adminCustomerListSchema>;
