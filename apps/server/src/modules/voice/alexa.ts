/**
 * Alexa Smart Home Skill API v3 translation: the directive body, and the Discover.Response, StateReport,
 * Response, AcceptGrant.Response and ErrorResponse events for our devices. Pure: no I/O.
 * Shapes: https://developer.amazon.com/en-US/docs/alexa/device-apis/ (alexa-discovery, alexa-powercontroller,
 * alexa-rangecontroller, alexa-endpointhealth, alexa-authorization, alexa-errorresponse, alexa-interface).
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  parseEndpointId,
  voiceEndpointsOf,
  voiceGangName,
  type VoiceCommand,
  type VoiceDevice,
} from './voice-device.ts';

const MANUFACTURER = 'Isaac';

// ---------------------------------------------------------------------------------------------------------
// Directive

const alexaScopeSchema = z.looseObject({ type: z.string().min(1), token: z.string().min(1) });

/** A directive Alexa sends to the skill's endpoint (Discover, ReportState, TurnOn/TurnOff, AcceptGrant…). */
export const alexaDirectiveSchema = z.looseObject({
  directive: z.looseObject({
    header: z.looseObject({
      namespace: z.string().min(1),
      name: z.string().min(1),
      instance: z.string().optional(),
      payloadVersion: z.literal('3'),
      messageId: z.string().min(1),
      correlationToken: z.string().optional(),
    }),
    endpoint: z
      .looseObject({
        endpointId: z.string().min(1),
        scope: alexaScopeSchema.optional(),
        cookie: z.record(z.string(), z.unknown()).optional(),
      })
      .optional(),
    payload: z.looseObject({
      scope: alexaScopeSchema.optional(),
      grant: z.looseObject({ type: z.string(), code: z.string() }).optional(),
      grantee: alexaScopeSchema.optional(),
    }),
  }),
});
export type AlexaDirective = z.infer<typeof alexaDirectiveSchema>;

/**
 * The user's access token (one we issued through account linking) a directive carries: the endpoint's
 * scope, else the payload's scope (Discover), else the grantee's (AcceptGrant); null when there is none.
 */
export function alexaTokenOf(directive: AlexaDirective): string | null {
  const { endpoint, payload } = directive.directive;
  return endpoint?.scope?.token ?? payload.scope?.token ?? payload.grantee?.token ?? null;
}

/** The command a PowerController TurnOn/TurnOff asks of an endpoint: gang on a gang endpoint, else power. */
export function alexaCommandOf(directive: AlexaDirective): VoiceCommand | null {
  const { header, endpoint } = directive.directive;
  if (header.namespace !== 'Alexa.PowerController' || !endpoint) return null;
  if (header.name !== 'TurnOn' && header.name !== 'TurnOff') return null;
  const parsed = parseEndpointId(endpoint.endpointId);
  if (!parsed) return null;
  const on = header.name === 'TurnOn';
  return parsed.gangIndex === null ? { kind: 'power', on } : { kind: 'gang', index: parsed.gangIndex, on };
}

// ---------------------------------------------------------------------------------------------------------
// Events

export interface AlexaEventHeader {
  namespace: string;
  name: string;
  messageId: string;
  correlationToken?: string;
  payloadVersion: '3';
}

export interface AlexaProperty {
  namespace: string;
  instance?: string;
  name: string;
  value: unknown;
  timeOfSample: string;
  uncertaintyInMilliseconds: number;
}

export interface AlexaEvent<Payload> {
  event: {
    header: AlexaEventHeader;
    endpoint?: { endpointId: string; cookie?: Record<string, unknown> };
    payload: Payload;
  };
  context?: { properties: AlexaProperty[] };
}

/** An event header answering a directive (same correlation token). */
function headerFor(
  directive: AlexaDirective,
  namespace: string,
  name: string,
  messageId: string,
): AlexaEventHeader {
  const { correlationToken } = directive.directive.header;
  return {
    namespace,
    name,
    messageId,
    ...(correlationToken === undefined ? {} : { correlationToken }),
    payloadVersion: '3',
  };
}

/** The endpoint a response is about: the directive's (id and cookie; the token is not echoed). */
function endpointFor(
  directive: AlexaDirective,
): { endpointId: string; cookie?: Record<string, unknown> } | undefined {
  const endpoint = directive.directive.endpoint;
  if (!endpoint) return undefined;
  return { endpointId: endpoint.endpointId, ...(endpoint.cookie ? { cookie: endpoint.cookie } : {}) };
}

// ---------------------------------------------------------------------------------------------------------
// Discovery

/** The RangeController instance of the read-only PM2.5 reading (ISAAC and SKYWALKER). */
export const PM25_INSTANCE = 'AirQuality.PM25';
/** The range the PM2.5 reading is reported in (µg/m³, whole numbers); readings beyond are clamped. */
const PM25_RANGE = { minimumValue: 0, maximumValue: 1000, precision: 1 };

export interface AlexaCapability {
  type: 'AlexaInterface';
  interface: string;
  instance?: string;
  version: string;
  properties?: {
    supported: { name: string }[];
    proactivelyReported: boolean;
    retrievable: boolean;
    nonControllable?: boolean;
  };
  capabilityResources?: unknown;
  configuration?: unknown;
}

export interface AlexaDiscoveredEndpoint {
  endpointId: string;
  manufacturerName: string;
  description: string;
  friendlyName: string;
  displayCategories: string[];
  additionalAttributes: Record<string, string>;
  capabilities: AlexaCapability[];
}

const ALEXA_INTERFACE: AlexaCapability = { type: 'AlexaInterface', interface: 'Alexa', version: '3' };
const POWER_CONTROLLER: AlexaCapability = {
  type: 'AlexaInterface',
  interface: 'Alexa.PowerController',
  version: '3',
  properties: { supported: [{ name: 'powerState' }], proactivelyReported: true, retrievable: true },
};
const ENDPOINT_HEALTH: AlexaCapability = {
  type: 'AlexaInterface',
  interface: 'Alexa.EndpointHealth',
  version: '3',
  properties: { supported: [{ name: 'connectivity' }], proactivelyReported: true, retrievable: true },
};
const PM25_SENSOR: AlexaCapability = {
  type: 'AlexaInterface',
  interface: 'Alexa.RangeController',
  instance: PM25_INSTANCE,
  version: '3',
  properties: {
    supported: [{ name: 'rangeValue' }],
    proactivelyReported: true,
    retrievable: true,
    nonControllable: true,
  },
  capabilityResources: {
    friendlyNames: ['en-US', 'en-IN'].flatMap((locale) =>
      ['PM2.5', 'particulate matter'].map((text) => ({ '@type': 'text', value: { text, locale } })),
    ),
  },
  configuration: { supportedRange: PM25_RANGE },
};

/** A string cut to Alexa's length limit for a field. */
function limited(text: string, max: number): string {
  return text.length <= max ? text : text.slice(0, max);
}

/** The Alexa endpoints of one of our devices: one for an ISAAC or SKYWALKER, one per gang for a Lumos. */
function alexaEndpointsOf(device: VoiceDevice): AlexaDiscoveredEndpoint[] {
  const additionalAttributes: Record<string, string> = {
    manufacturer: MANUFACTURER,
    model: limited(device.model, 256),
    serialNumber: limited(device.serialNumber, 256),
    ...(device.firmwareVersion ? { firmwareVersion: limited(device.firmwareVersion, 256) } : {}),
  };
  const base = { manufacturerName: MANUFACTURER, additionalAttributes };
  switch (device.type) {
    case 'isaac':
      return [
        {
          endpointId: device.id,
          ...base,
          friendlyName: limited(device.name, 128),
          description: limited(`${MANUFACTURER} ${device.model} air purifier`, 128),
          displayCategories: ['AIR_PURIFIER'],
          capabilities: [ALEXA_INTERFACE, POWER_CONTROLLER, PM25_SENSOR, ENDPOINT_HEALTH],
        },
      ];
    case 'skywalker':
      return [
        {
          endpointId: device.id,
          ...base,
          friendlyName: limited(device.name, 128),
          description: limited(`${MANUFACTURER} ${device.model} air quality monitor`, 128),
          displayCategories: ['AIR_QUALITY_MONITOR'],
          capabilities: [ALEXA_INTERFACE, PM25_SENSOR, ENDPOINT_HEALTH],
        },
      ];
    case 'lumos':
      return voiceEndpointsOf(device).map(({ endpointId, gangIndex }) => ({
        endpointId,
        ...base,
        friendlyName: limited(voiceGangName(device, gangIndex ?? 0), 128),
        description: limited(`${device.name} switch by ${MANUFACTURER}`, 128),
        displayCategories: ['SWITCH'],
        capabilities: [ALEXA_INTERFACE, POWER_CONTROLLER, ENDPOINT_HEALTH],
      }));
  }
}

/** The Discover.Response: every endpoint of the user's devices with its display category and interfaces. */
export function alexaDiscoveryResponse(
  messageId: string,
  devices: readonly VoiceDevice[],
): AlexaEvent<{ endpoints: AlexaDiscoveredEndpoint[] }> {
  return {
    event: {
      header: { namespace: 'Alexa.Discovery', name: 'Discover.Response', messageId, payloadVersion: '3' },
      payload: { endpoints: alexaEndpointsOfAll(devices) },
    },
  };
}

/** The endpoints of a person's devices, as a Discover.Response or an AddOrUpdateReport lists them. */
export function alexaEndpointsOfAll(devices: readonly VoiceDevice[]): AlexaDiscoveredEndpoint[] {
  return devices.flatMap(alexaEndpointsOf);
}

/**
 * An AddOrUpdateReport for Alexa's event gateway (issue 32): the person's endpoints now — a device added to a
 * home, a member who joined, a renamed switch — sent with the person's token, as Alexa asks of a change
 * outside a Discover.
 */
export function alexaAddOrUpdateReport(
  endpoints: readonly AlexaDiscoveredEndpoint[],
  token: string,
  messageId: string = randomUUID(),
) {
  return {
    event: {
      header: {
        namespace: 'Alexa.Discovery',
        name: 'AddOrUpdateReport',
        messageId,
        payloadVersion: '3' as const,
      },
      payload: { endpoints: [...endpoints], scope: { type: 'BearerToken' as const, token } },
    },
  };
}

/** A DeleteReport: endpoints the person no longer reaches (a device removed, their access to a home ended). */
export function alexaDeleteReport(
  endpointIds: readonly string[],
  token: string,
  messageId: string = randomUUID(),
) {
  return {
    event: {
      header: { namespace: 'Alexa.Discovery', name: 'DeleteReport', messageId, payloadVersion: '3' as const },
      payload: {
        endpoints: endpointIds.map((endpointId) => ({ endpointId })),
        scope: { type: 'BearerToken' as const, token },
      },
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// State

/**
 * The context properties of an endpoint at `now`: power state (ISAAC power, Lumos gang), the PM2.5 reading
 * (ISAAC, SKYWALKER, when there is one) and connectivity (OK / UNREACHABLE; values are the last known ones
 * when the device is offline, as Alexa asks).
 */
export function alexaPropertiesOf(device: VoiceDevice, gangIndex: number | null, now: Date): AlexaProperty[] {
  const sample = { timeOfSample: now.toISOString(), uncertaintyInMilliseconds: 0 };
  const properties: AlexaProperty[] = [];
  if (device.type === 'lumos' || device.type === 'isaac') {
    const on = device.type === 'lumos' ? device.gangStates[gangIndex ?? 0] === true : device.powerOn;
    properties.push({
      namespace: 'Alexa.PowerController',
      name: 'powerState',
      value: on ? 'ON' : 'OFF',
      ...sample,
    });
  }
  if (device.type !== 'lumos' && device.pm25 !== null && Number.isFinite(device.pm25)) {
    const value = Math.min(
      PM25_RANGE.maximumValue,
      Math.max(PM25_RANGE.minimumValue, Math.round(device.pm25)),
    );
    properties.push({
      namespace: 'Alexa.RangeController',
      instance: PM25_INSTANCE,
      name: 'rangeValue',
      value,
      ...sample,
    });
  }
  properties.push({
    namespace: 'Alexa.EndpointHealth',
    name: 'connectivity',
    value: { value: device.online ? 'OK' : 'UNREACHABLE' },
    ...sample,
  });
  return properties;
}

/** The StateReport answering a ReportState directive for an endpoint (a device, or a Lumos gang). */
export function alexaStateReport(
  directive: AlexaDirective,
  device: VoiceDevice,
  gangIndex: number | null,
  now: Date,
  messageId: string = randomUUID(),
): AlexaEvent<Record<string, never>> {
  return endpointStateEvent('StateReport', directive, device, gangIndex, now, messageId);
}

/** The Response to a PowerController TurnOn/TurnOff once done: the endpoint's state after it. */
export function alexaPowerResponse(
  directive: AlexaDirective,
  device: VoiceDevice,
  gangIndex: number | null,
  now: Date,
  messageId: string = randomUUID(),
): AlexaEvent<Record<string, never>> {
  return endpointStateEvent('Response', directive, device, gangIndex, now, messageId);
}

/** An `Alexa` event about one endpoint carrying its current state as context properties. */
function endpointStateEvent(
  name: 'StateReport' | 'Response',
  directive: AlexaDirective,
  device: VoiceDevice,
  gangIndex: number | null,
  now: Date,
  messageId: string,
): AlexaEvent<Record<string, never>> {
  const endpoint = endpointFor(directive);
  return {
    event: {
      header: headerFor(directive, 'Alexa', name, messageId),
      ...(endpoint ? { endpoint } : {}),
      payload: {},
    },
    context: { properties: alexaPropertiesOf(device, gangIndex, now) },
  };
}

/**
 * A ChangeReport for Alexa's event gateway: an endpoint's state changed (a command from the app, a voice
 * assistant, an automation or the device itself), sent with the person's token in the endpoint's scope. The
 * power state and connectivity are the change; the PM2.5 reading goes along as context.
 */
export function alexaChangeReport(
  device: VoiceDevice,
  endpointId: string,
  gangIndex: number | null,
  token: string,
  now: Date,
  messageId: string = randomUUID(),
) {
  const properties = alexaPropertiesOf(device, gangIndex, now);
  const changed = (p: AlexaProperty) => p.namespace !== 'Alexa.RangeController';
  return {
    event: {
      header: { namespace: 'Alexa', name: 'ChangeReport', messageId, payloadVersion: '3' as const },
      endpoint: { scope: { type: 'BearerToken', token }, endpointId },
      payload: {
        change: { cause: { type: 'APP_INTERACTION' }, properties: properties.filter(changed) },
      },
    },
    context: { properties: properties.filter((p) => !changed(p)) },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Authorization and errors

/** The AcceptGrant.Response: the grant was exchanged and stored (the user linked Alexa to their account). */
export function alexaAcceptGrantResponse(messageId: string): AlexaEvent<Record<string, never>> {
  return {
    event: {
      header: {
        namespace: 'Alexa.Authorization',
        name: 'AcceptGrant.Response',
        messageId,
        payloadVersion: '3',
      },
      payload: {},
    },
  };
}

/** The error answering an AcceptGrant we could not complete (ACCEPT_GRANT_FAILED). */
export function alexaAcceptGrantError(
  messageId: string,
  message: string,
): AlexaEvent<{ type: 'ACCEPT_GRANT_FAILED'; message: string }> {
  return {
    event: {
      header: { namespace: 'Alexa.Authorization', name: 'ErrorResponse', messageId, payloadVersion: '3' },
      payload: { type: 'ACCEPT_GRANT_FAILED', message },
    },
  };
}

export type AlexaErrorType =
  | 'ENDPOINT_UNREACHABLE'
  | 'INVALID_AUTHORIZATION_CREDENTIAL'
  | 'EXPIRED_AUTHORIZATION_CREDENTIAL'
  | 'NO_SUCH_ENDPOINT'
  | 'INVALID_DIRECTIVE'
  | 'INVALID_VALUE'
  | 'INTERNAL_ERROR';

/** The Alexa.ErrorResponse answering a directive we could not carry out (e.g. ENDPOINT_UNREACHABLE). */
export function alexaErrorResponse(
  directive: AlexaDirective,
  type: AlexaErrorType,
  message: string,
  messageId: string = randomUUID(),
): AlexaEvent<{ type: AlexaErrorType; message: string }> {
  const endpoint = endpointFor(directive);
  return {
    event: {
      header: headerFor(directive, 'Alexa', 'ErrorResponse', messageId),
      ...(endpoint ? { endpoint } : {}),
      payload: { type, message },
    },
  };
}
