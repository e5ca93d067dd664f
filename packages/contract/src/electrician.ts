import { z } from 'zod';
import { adminSearchSchema, personRefSchema } from './admin-assignments.ts';
import { userSchema } from './auth.ts';
import {
  displayName,
  idSchema,
  listResponseSchema,
  pageQuerySchema,
  personName,
  requiredText,
  sortQueryShape,
} from './common.ts';
import {
  CUSTOMER_ROOM_TYPES,
  CUSTOMER_STATUSES,
  GUIDED_STEPS,
  TRAINING_ITEMS,
  INSTALLATION_DEVICE_NEEDS,
  INSTALLATION_DEVICE_STATUSES,
  INSTALLATION_PHASES,
  type DeviceType,
  type InstallationDeviceNeed,
  INSTALLATION_STATUSES,
} from './constants.ts';
import { deviceSchema, roomSchema } from './owner.ts';
import {
  ELECTRICIAN_MSG,
  ELECTRICIAN_DEVICE_SORTS,
  ELECTRICIAN_USER_SORTS,
  ELECTRICIAN_ROOM_SORTS,
  INSTALLATION_SORTS,
} from './electrician-rules.ts';

/**
 * The electrician area's API (spec sections 2 "Electrician screens", 3, 5, 7 "Electrician"; issue 11).
 * Paths are the spec's, some without the /api prefix. An electrician reaches only the customers assigned
 * to them and the devices assigned to them or owned by those customers (policy layer, ADR 019); anything
 * else is 404.
 */

/** The device types that join the home's WiFi (all of them today: ISAAC, Lumos and SKYWALKER talk over WiFi). */
export const WIFI_DEVICE_TYPES: readonly DeviceType[] = ['isaac', 'lumos', 'skywalker'];

/** What each missing need reads as on the Check step and in the server's refusal. */
export const INSTALLATION_DEVICE_NEED_LABEL: Record<InstallationDeviceNeed, string> = {
  wifi: 'WiFi not set',
  online: 'not seen online yet',
  test: 'no test command answered yet',
};

/**
 * THE rule of a configured device in an installation (issue 30, issue 34), the same for the guided install,
 * the workflow and the installations list, on the server and on the screen: a WiFi device has its WiFi set,
 * every device has been seen online (connected now, or seen by the broker before), and has answered a test
 * command sent from this installation (the device plane's acknowledgement). Bluetooth pairing alone is not
 * enough. Returns what is missing; empty = configured.
 */
export function installationDeviceNeeds(device: {
  type: DeviceType;
  wifi_configured: boolean;
  seen_online: boolean;
  tested: boolean;
}): InstallationDeviceNeed[] {
  const needs: InstallationDeviceNeed[] = [];
  if (WIFI_DEVICE_TYPES.includes(device.type) && !device.wifi_configured) needs.push('wifi');
  if (!device.seen_online) needs.push('online');
  if (!device.tested) needs.push('test');
  return needs;
}

/** 'Kitchen Switch (WiFi not set, not seen online yet)': a device and what it still needs. */
export function describeDeviceNeeds(name: string, needs: readonly InstallationDeviceNeed[]): string {
  return `${name} (${needs.map((n) => INSTALLATION_DEVICE_NEED_LABEL[n]).join(', ')})`;
}

/** A customer (owner) as the electrician sees them: the user plus their assignment's date and status. */
export const electricianCustomerSchema = userSchema.extend({
  installation_date: z.string().nullable(),
  'customer-status': z.enum(CUSTOMER_STATUSES),
});
export type ElectricianCustomer = z.infer<typeof electricianCustomerSchema>;

/** GET /electrician/devices: each entry holds the device (spec section 3), and whose home it is in. */
export const electricianDeviceEntrySchema = z.object({
  _id: z.string(),
  device: deviceSchema,
  customer: personRefSchema.nullable(),
});
export type ElectricianDeviceEntry = z.infer<typeof electricianDeviceEntrySchema>;

/** A room of one of the electrician's customers. */
export const electricianRoomSchema = roomSchema.extend({ customer: personRefSchema });
export type ElectricianRoom = z.infer<typeof electricianRoomSchema>;

/** An installation (spec section 3 "Installation"). */
export const installationSchema = z.object({
  _id: z.string(),
  session_id: z.string().nullable(),
  apartment_complex: z.string().nullable(),
  apartment_unit: z.string().nullable(),
  devices_installed: z.array(z.string()),
  status: z.enum(INSTALLATION_STATUSES),
  phase: z.enum(INSTALLATION_PHASES),
  installation_date: z.string().nullable(),
  started_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  notes: z.string().nullable(),
  handover_notes: z.string().nullable(),
  customer_training_completed: z.boolean(),
  customer: personRefSchema.extend({ mobile: z.string().nullable() }),
  devices: z.array(
    z.object({
      device_id: z.string(),
      device_name: z.string(),
      /** `configured` by `installationDeviceNeeds` (live while the installation is open; kept at completion). */
      status: z.enum(INSTALLATION_DEVICE_STATUSES),
      /** What the device still needs (empty when configured). */
      missing: z.array(z.enum(INSTALLATION_DEVICE_NEEDS)),
    }),
  ),
  /** The guided install's current step (ADR 034); null when the installation is not guided. */
  guided_step: z.enum(GUIDED_STEPS).nullable(),
  /** The customer's sign-off (the drawn image is served to the owner only, GET /api/installations). */
  signature: z.object({ signed_by: z.string(), signed_at: z.string() }).nullable(),
});
export type Installation = z.infer<typeof installationSchema>;

/** POST /api/electrician/installations/guided {customer_id}: start or resume a guided install. */
export const startGuidedSchema = z.object({ customer_id: idSchema });
/** POST …/installations/{id}/devices {serial_number}: a device of the caller's stock joins the customer's home. */
export const addInstallationDeviceSchema = z.object({
  serial_number: requiredText('Serial number is required', 64),
});
/** POST …/installations/{id}/step {step}: where the guided install is (resumable). */
export const guidedStepSchema = z.object({ step: z.enum(GUIDED_STEPS) });
/** POST …/installations/{id}/training {items}: every item of the checklist, confirmed. */
export const trainingSchema = z.object({
  items: z
    .array(z.enum(TRAINING_ITEMS))
    .refine((items) => TRAINING_ITEMS.every((item) => items.includes(item)), {
      message: 'Confirm every training item with the customer',
    }),
});
/** A PNG drawn on the screen, as a data URL (at most ~300 KB). */
export const MAX_SIGNATURE_CHARS = 400_000;
/** POST …/installations/{id}/signature {signer_name, image}. */
export const signatureSchema = z.object({
  signer_name: personName("The signer's name is required", 100),
  image: z
    .string()
    .max(MAX_SIGNATURE_CHARS, 'The signature image is too large')
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/, 'The signature must be a PNG image'),
});
export type SignatureBody = z.infer<typeof signatureSchema>;

/** GET /api/electrician/installations/{id}/signature: the sign-off with its image (null = not signed). */
export const installationSignatureResponseSchema = z.object({
  signature: z.object({ signed_by: z.string(), signed_at: z.string(), image: z.string() }).nullable(),
});
export type InstallationSignature = z.infer<typeof installationSignatureResponseSchema>['signature'];

/** POST …/installations/{id}/reopen {reason}: the signature is cleared (and a completed one is in progress again). */
export const reopenInstallationSchema = z.object({
  reason: requiredText(ELECTRICIAN_MSG.reopenReasonRequired, 500),
});
export type ReopenInstallationBody = z.infer<typeof reopenInstallationSchema>;

/** An installation of my home, as the owner sees it (GET /api/installations): with the electrician and the signature. */
export const ownerInstallationSchema = installationSchema.extend({
  electrician: personRefSchema,
  signature_image: z.string().nullable(),
});
export type OwnerInstallation = z.infer<typeof ownerInstallationSchema>;
export const ownerInstallationListSchema = z.object({ installations: z.array(ownerInstallationSchema) });

/** GET /api/electrician/dashboard: the four figures and the latest five of each list. */
export const electricianDashboardSchema = z.object({
  statistics: z.object({
    devices: z.object({ total: z.number().int() }),
    users: z.number().int(),
    installations: z.object({ total: z.number().int(), active: z.number().int() }),
  }),
  installations: z.array(installationSchema),
  devices: z.array(deviceSchema),
  users: z.array(electricianCustomerSchema),
});
export type ElectricianDashboard = z.infer<typeof electricianDashboardSchema>;

/** One assignment of a customer to the caller (GET /api/electrician/customers). */
export const electricianAssignmentSchema = z.object({
  _id: z.string(),
  customer: personRefSchema.extend({ mobile: z.string().nullable() }),
  installation_date: z.string().nullable(),
  status: z.enum(CUSTOMER_STATUSES),
});
export type ElectricianAssignment = z.infer<typeof electricianAssignmentSchema>;

/** GET /electrician/devices: newest first by default. */
export const electricianDeviceListQuerySchema = pageQuerySchema.extend({
  search: adminSearchSchema,
  ...sortQueryShape(ELECTRICIAN_DEVICE_SORTS, 'created_at', 'desc'),
});
export type ElectricianDeviceListQuery = z.output<typeof electricianDeviceListQuerySchema>;

/** GET /electrician/users: by installation date (none last), then name, by default. */
export const electricianUserListQuerySchema = pageQuerySchema.extend(
  sortQueryShape(ELECTRICIAN_USER_SORTS, 'installation_date', 'asc'),
);
export type ElectricianUserListQuery = z.output<typeof electricianUserListQuerySchema>;

/** GET /electrician/rooms: by customer name, then room name, by default (the screen groups by customer). */
export const electricianRoomListQuerySchema = pageQuerySchema.extend(
  sortQueryShape(ELECTRICIAN_ROOM_SORTS, 'customer', 'asc'),
);
export type ElectricianRoomListQuery = z.output<typeof electricianRoomListQuerySchema>;

/** GET /electrician/installations: newest first by default; also by customer, scheduled date or status. */
export const installationListQuerySchema = pageQuerySchema.extend(
  sortQueryShape(INSTALLATION_SORTS, 'created_at', 'desc'),
);
export type InstallationListQuery = z.output<typeof installationListQuerySchema>;

export const ELECTRICIAN_ASSIGNMENT_SORTS = [
  'customer',
  'installation_date',
  'status',
  'created_at',
] as const;
export type ElectricianAssignmentSort = (typeof ELECTRICIAN_ASSIGNMENT_SORTS)[number];
/** GET /api/electrician/customers: the newest assignment first by default. */
export const electricianAssignmentListQuerySchema = pageQuerySchema.extend(
  sortQueryShape(ELECTRICIAN_ASSIGNMENT_SORTS, 'created_at', 'desc'),
);
export type ElectricianAssignmentListQuery = z.output<typeof electricianAssignmentListQuerySchema>;

export const electricianDeviceListSchema = listResponseSchema('devices', electricianDeviceEntrySchema);
export type ElectricianDeviceList = z.infer<typeof electricianDeviceListSchema>;
export const electricianUserListSchema = listResponseSchema('users', electricianCustomerSchema);
export type ElectricianUserList = z.infer<typeof electricianUserListSchema>;
export const electricianRoomListSchema = listResponseSchema('rooms', electricianRoomSchema);
export type ElectricianRoomList = z.infer<typeof electricianRoomListSchema>;
export const installationListSchema = listResponseSchema('installations', installationSchema);
export type InstallationList = z.infer<typeof installationListSchema>;
export const electricianCustomerListSchema = listResponseSchema('customers', electricianAssignmentSchema);
export type ElectricianCustomerList = z.infer<typeof electricianCustomerListSchema>;

export const customerParamsSchema = z.object({ customerId: idSchema });
export const customerDeviceParamsSchema = z.object({ customerId: idSchema, deviceId: idSchema });
export const deviceIdParamsSchema = z.object({ device_id: idSchema });

/** GET /electrician/user/{id}/details, …/devices, …/rooms. */
export const electricianUserDetailsSchema = z.object({ user: electricianCustomerSchema });
export const electricianUserDevicesSchema = z.object({ devices: z.array(deviceSchema) });
export const electricianUserRoomsSchema = z.object({ rooms: z.array(roomSchema) });

/** POST /electrician/assign-device (the spec shows no body; ours): an available device of the caller's → a customer. */
export const assignDeviceBodySchema = z.object({ device_id: idSchema, customer_id: idSchema });
export type AssignDeviceBody = z.infer<typeof assignDeviceBodySchema>;

/** POST /api/electrician/customer/{customerId}/rooms (spec section 5: name non-blank, type default general). */
export const customerRoomBodySchema = z.object({
  name: displayName(ELECTRICIAN_MSG.roomNameRequired, 100),
  type: z.enum(CUSTOMER_ROOM_TYPES).default('general'),
});
export type CustomerRoomBody = z.input<typeof customerRoomBodySchema>;

const wifiText = z.string().trim().max(64).optional().default('');
/** POST /api/electrician/customer/{customerId}/devices/{deviceId}/configure: both WiFi fields required. */
export const customerDeviceConfigureSchema = z
  .object({
    wifi_ssid: wifiText,
    wifi_password: z.string().max(64).optional().default(''),
    bluetooth_pairing: z.boolean().optional().default(true),
  })
  .refine((b) => b.wifi_ssid !== '' && b.wifi_password !== '', {
    message: ELECTRICIAN_MSG.wifiRequired,
    path: ['wifi_ssid'],
  });
export type CustomerDeviceConfigure = z.input<typeof customerDeviceConfigureSchema>;

/** POST /api/electrician/devices/{device_id}/configure {configuration_type, data}. */
export const deviceConfigureSchema = z.discriminatedUnion('configuration_type', [
  z.object({
    configuration_type: z.literal('wifi'),
    data: z
      .object({ ssid: wifiText, password: z.string().max(64).optional().default('') })
      .refine((d) => d.ssid !== '' && d.password !== '', {
        message: ELECTRICIAN_MSG.wifiRequired,
        path: ['ssid'],
      }),
  }),
  z.object({
    configuration_type: z.literal('bluetooth'),
    data: z.object({}).passthrough().optional(),
  }),
]);
export type DeviceConfigure = z.input<typeof deviceConfigureSchema>;

/** POST …/customer/{customerId}/devices/{deviceId}/assign-room {room_id}. */
export const assignCustomerRoomSchema = z.object({ room_id: idSchema });

export const electricianDeviceResponseSchema = z.object({ message: z.string(), device: deviceSchema });
export const electricianRoomResponseSchema = z.object({ message: z.string(), room: roomSchema });

/** POST /api/electrician/installations {customer_id, installation_date, status: in_progress}. */
export const createInstallationSchema = z.object({
  customer_id: idSchema,
  installation_date: z.iso.date().optional(),
  status: z.enum(['pending', 'in_progress']).default('in_progress'),
});
export type CreateInstallation = z.input<typeof createInstallationSchema>;
export const installationPhaseSchema = z.object({
  phase: z.enum(INSTALLATION_PHASES, { message: 'Please choose a phase' }),
  notes: z.string().trim().max(2000).optional(),
});
export type InstallationPhaseBody = z.input<typeof installationPhaseSchema>;
/** Complete: either body of the spec ({notes, completed_at} from the list, {handover_notes, customer_training_completed} from the workflow). */
export const completeInstallationSchema = z.object({
  notes: z.string().trim().max(2000).optional(),
  completed_at: z.iso.datetime({ offset: true }).optional(),
  handover_notes: z.string().trim().max(2000).optional(),
  customer_training_completed: z.boolean().optional(),
});
export type CompleteInstallationBody = z.input<typeof completeInstallationSchema>;
export const installationResponseSchema = z.object({ message: z.string(), installation: installationSchema });

/** GET /api/account/electricians: who may work in my home, and until when (the owner's settings). */
export const accountElectricianSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  installation_date: z.string().nullable(),
  status: z.enum(CUSTOMER_STATUSES),
  /** Full access, or read-only once the grace period after the completed installation is over. */
  access: z.enum(['full', 'read_only']),
  read_only_from: z.string().nullable(),
});
export type AccountElectrician = z.infer<typeof accountElectricianSchema>;
export const accountElectricianListSchema = z.object({ electricians: z.array(accountElectricianSchema) });

/** POST /api/electrician/installations/{id}/devices/{deviceId}/test: the installation and its device. */
export const installationDeviceParamsSchema = z.object({ id: idSchema, deviceId: idSchema });
