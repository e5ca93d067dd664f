import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  alexaAcceptGrantError,
  alexaAcceptGrantResponse,
  alexaAddOrUpdateReport,
  alexaCommandOf,
  alexaDeleteReport,
  alexaDirectiveSchema,
  alexaDiscoveryResponse,
  alexaEndpointsOfAll,
  alexaErrorResponse,
  alexaPowerResponse,
  alexaStateReport,
  alexaTokenOf,
  PM25_INSTANCE,
  type AlexaDirective,
} from './alexa.ts';
import { LUMOS, MONITOR, PURIFIER, lumos, monitorWith, purifierWith } from '../../test/voice-devices.ts';

function directiveOf(name: string): AlexaDirective {
  return alexaDirectiveSchema.parse(
    JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')),
  );
}

const NOW = new Date('2025-01-15T10:20:30.000Z');
const SAMPLE = { timeOfSample: '2025-01-15T10:20:30.000Z', uncertaintyInMilliseconds: 0 };
const CORRELATION_TOKEN = 'dFMb0z+PgpgdDmluhJ1LddFvSqZ/jCc8ptlAKulUj90jSqg==';

const purifier = purifierWith({ powerOn: false, fanSpeed: 'low', pm25: 42.4 });
const monitor = monitorWith({ pm25: 1500 });

describe('alexaDirectiveSchema', () => {
  it.each([
    ['alexa-discover.directive.json', 'Alexa.Discovery', 'Discover'],
    ['alexa-report-state.directive.json', 'Alexa', 'ReportState'],
    ['alexa-turn-on.directive.json', 'Alexa.PowerController', 'TurnOn'],
    ['alexa-turn-off.directive.json', 'Alexa.PowerController', 'TurnOff'],
    ['alexa-accept-grant.directive.json', 'Alexa.Authorization', 'AcceptGrant'],
  ])('parses %s', (name, namespace, directiveName) => {
    const { header } = directiveOf(name).directive;
    expect(header.namespace).toBe(namespace);
    expect(header.name).toBe(directiveName);
    expect(header.payloadVersion).toBe('3');
  });

  it('rejects other payload versions and missing headers', () => {
    const discover = directiveOf('alexa-discover.directive.json');
    const v2 = {
      directive: { ...discover.directive, header: { ...discover.directive.header, payloadVersion: '2' } },
    };
    expect(alexaDirectiveSchema.safeParse(v2).success).toBe(false);
    expect(alexaDirectiveSchema.safeParse({ directive: { payload: {} } }).success).toBe(false);
  });
});

describe('alexaTokenOf', () => {
  it('finds the token of the endpoint, of a Discover and of an AcceptGrant', () => {
    expect(alexaTokenOf(directiveOf('alexa-turn-on.directive.json'))).toBe('access-token-from-skill');
    expect(alexaTokenOf(directiveOf('alexa-discover.directive.json'))).toBe('access-token-from-skill');
    expect(alexaTokenOf(directiveOf('alexa-accept-grant.directive.json'))).toBe('access-token-from-skill');
    const bare = directiveOf('alexa-discover.directive.json');
    expect(alexaTokenOf({ directive: { ...bare.directive, payload: {} } })).toBeNull();
  });
});

describe('alexaCommandOf', () => {
  it('turns a gang endpoint TurnOn into a gang command', () => {
    expect(alexaCommandOf(directiveOf('alexa-turn-on.directive.json'))).toEqual({
      kind: 'gang',
      index: 1,
      on: true,
    });
  });

  it('turns a device endpoint TurnOff into a power command', () => {
    expect(alexaCommandOf(directiveOf('alexa-turn-off.directive.json'))).toEqual({
      kind: 'power',
      on: false,
    });
  });

  it('has no command for other directives', () => {
    expect(alexaCommandOf(directiveOf('alexa-report-state.directive.json'))).toBeNull();
    expect(alexaCommandOf(directiveOf('alexa-discover.directive.json'))).toBeNull();
  });
});

describe('discovery reports (issue 32)', () => {
  it('an AddOrUpdateReport carries the endpoints a Discover.Response would, in the person’s scope', () => {
    const endpoints = alexaEndpointsOfAll([purifier, lumos]);
    expect(alexaAddOrUpdateReport(endpoints, 'Atza|tok', 'msg-2')).toEqual({
      event: {
        header: {
          namespace: 'Alexa.Discovery',
          name: 'AddOrUpdateReport',
          messageId: 'msg-2',
          payloadVersion: '3',
        },
        payload: {
          endpoints: alexaDiscoveryResponse('msg-1', [purifier, lumos]).event.payload.endpoints,
          scope: { type: 'BearerToken', token: 'Atza|tok' },
        },
      },
    });
  });

  it('a DeleteReport names only the endpoint ids', () => {
    expect(alexaDeleteReport([PURIFIER, `${LUMOS}:g1`], 'Atza|tok', 'msg-3')).toEqual({
      event: {
        header: { namespace: 'Alexa.Discovery', name: 'DeleteReport', messageId: 'msg-3', payloadVersion: '3' },
        payload: {
          endpoints: [{ endpointId: PURIFIER }, { endpointId: `${LUMOS}:g1` }],
          scope: { type: 'BearerToken', token: 'Atza|tok' },
        },
      },
    });
  });
});

describe('alexaDiscoveryResponse', () => {
  const response = alexaDiscoveryResponse('msg-1', [purifier, lumos, monitor]);
  const endpoints = response.event.payload.endpoints;
  const byId = new Map(endpoints.map((endpoint) => [endpoint.endpointId, endpoint]));
  const interfacesOf = (id: string): string[] =>
    (byId.get(id)?.capabilities ?? []).map((capability) => capability.interface);

  it('is a Discover.Response with every endpoint', () => {
    expect(response.event.header).toEqual({
      namespace: 'Alexa.Discovery',
      name: 'Discover.Response',
      messageId: 'msg-1',
      payloadVersion: '3',
    });
    expect(endpoints.map((endpoint) => endpoint.endpointId)).toEqual([
      PURIFIER,
      `${LUMOS}:g0`,
      `${LUMOS}:g1`,
      MONITOR,
    ]);
    for (const endpoint of endpoints) {
      expect(endpoint.endpointId).toMatch(/^[A-Za-z0-9 _\-=#;:?@&]{1,256}$/);
      expect(endpoint.manufacturerName).toBe('Isaac');
      expect(endpoint.capabilities).toContainEqual({
        type: 'AlexaInterface',
        interface: 'Alexa',
        version: '3',
      });
      expect(endpoint.capabilities).toContainEqual({
        type: 'AlexaInterface',
        interface: 'Alexa.EndpointHealth',
        version: '3',
        properties: { supported: [{ name: 'connectivity' }], proactivelyReported: true, retrievable: true },
      });
    }
  });

  it('describes an ISAAC as an air purifier with power control and a PM2.5 reading', () => {
    const endpoint = byId.get(PURIFIER);
    expect(endpoint?.displayCategories).toEqual(['AIR_PURIFIER']);
    expect(endpoint?.friendlyName).toBe('Living room purifier');
    expect(endpoint?.description).toBe('Isaac ISAAC-1 air purifier');
    expect(endpoint?.additionalAttributes).toEqual({
      manufacturer: 'Isaac',
      model: 'ISAAC-1',
      serialNumber: 'IS-0001',
      firmwareVersion: '2.1.0',
    });
    expect(interfacesOf(PURIFIER)).toEqual([
      'Alexa',
      'Alexa.PowerController',
      'Alexa.RangeController',
      'Alexa.EndpointHealth',
    ]);
    expect(endpoint?.capabilities).toContainEqual({
      type: 'AlexaInterface',
      interface: 'Alexa.PowerController',
      version: '3',
      properties: { supported: [{ name: 'powerState' }], proactivelyReported: true, retrievable: true },
    });
    const range = endpoint?.capabilities.find(
      (capability) => capability.interface === 'Alexa.RangeController',
    );
    expect(range?.instance).toBe(PM25_INSTANCE);
    expect(range?.properties?.nonControllable).toBe(true);
    expect(range?.configuration).toEqual({
      supportedRange: { minimumValue: 0, maximumValue: 1000, precision: 1 },
    });
  });

  it('describes a SKYWALKER as an air quality monitor without power control', () => {
    expect(byId.get(MONITOR)?.displayCategories).toEqual(['AIR_QUALITY_MONITOR']);
    expect(interfacesOf(MONITOR)).toEqual(['Alexa', 'Alexa.RangeController', 'Alexa.EndpointHealth']);
  });

  it('describes each Lumos gang as a switch named after the gang', () => {
    expect(byId.get(`${LUMOS}:g0`)?.displayCategories).toEqual(['SWITCH']);
    expect(byId.get(`${LUMOS}:g0`)?.friendlyName).toBe('Ceiling light');
    expect(byId.get(`${LUMOS}:g1`)?.friendlyName).toBe('Switch 2');
    expect(byId.get(`${LUMOS}:g1`)?.description).toBe('Hall switchboard switch by Isaac');
    expect(byId.get(`${LUMOS}:g1`)?.additionalAttributes).not.toHaveProperty('firmwareVersion');
    expect(interfacesOf(`${LUMOS}:g1`)).toEqual(['Alexa', 'Alexa.PowerController', 'Alexa.EndpointHealth']);
  });
});

describe('alexaStateReport', () => {
  it('reports power, PM2.5 and connectivity of a purifier', () => {
    const report = alexaStateReport(
      directiveOf('alexa-report-state.directive.json'),
      purifier,
      null,
      NOW,
      'msg-2',
    );
    expect(report).toEqual({
      event: {
        header: {
          namespace: 'Alexa',
          name: 'StateReport',
          messageId: 'msg-2',
          correlationToken: CORRELATION_TOKEN,
          payloadVersion: '3',
        },
        endpoint: { endpointId: PURIFIER, cookie: {} },
        payload: {},
      },
      context: {
        properties: [
          { namespace: 'Alexa.PowerController', name: 'powerState', value: 'OFF', ...SAMPLE },
          {
            namespace: 'Alexa.RangeController',
            instance: PM25_INSTANCE,
            name: 'rangeValue',
            value: 42,
            ...SAMPLE,
          },
          { namespace: 'Alexa.EndpointHealth', name: 'connectivity', value: { value: 'OK' }, ...SAMPLE },
        ],
      },
    });
  });

  it('reports an offline monitor as UNREACHABLE, its reading clamped to the range', () => {
    const report = alexaStateReport(directiveOf('alexa-report-state.directive.json'), monitor, null, NOW);
    expect(typeof report.event.header.messageId).toBe('string');
    expect(report.context?.properties).toEqual([
      {
        namespace: 'Alexa.RangeController',
        instance: PM25_INSTANCE,
        name: 'rangeValue',
        value: 1000,
        ...SAMPLE,
      },
      { namespace: 'Alexa.EndpointHealth', name: 'connectivity', value: { value: 'UNREACHABLE' }, ...SAMPLE },
    ]);
  });

  it('omits the PM2.5 reading while there is none', () => {
    const report = alexaStateReport(
      directiveOf('alexa-report-state.directive.json'),
      { ...purifier, pm25: null },
      null,
      NOW,
    );
    expect(report.context?.properties.map((property) => property.name)).toEqual([
      'powerState',
      'connectivity',
    ]);
  });
});

describe('alexaPowerResponse', () => {
  it('answers TurnOn on a gang with the gang power state', () => {
    const turnedOn = { ...lumos, gangStates: [false, true] };
    const response = alexaPowerResponse(
      directiveOf('alexa-turn-on.directive.json'),
      turnedOn,
      1,
      NOW,
      'msg-3',
    );
    expect(response).toEqual({
      event: {
        header: {
          namespace: 'Alexa',
          name: 'Response',
          messageId: 'msg-3',
          correlationToken: CORRELATION_TOKEN,
          payloadVersion: '3',
        },
        endpoint: { endpointId: `${LUMOS}:g1`, cookie: {} },
        payload: {},
      },
      context: {
        properties: [
          { namespace: 'Alexa.PowerController', name: 'powerState', value: 'ON', ...SAMPLE },
          { namespace: 'Alexa.EndpointHealth', name: 'connectivity', value: { value: 'OK' }, ...SAMPLE },
        ],
      },
    });
  });

  it('answers TurnOff on a purifier with its power state', () => {
    const response = alexaPowerResponse(directiveOf('alexa-turn-off.directive.json'), purifier, null, NOW);
    expect(response.context?.properties[0]).toEqual({
      namespace: 'Alexa.PowerController',
      name: 'powerState',
      value: 'OFF',
      ...SAMPLE,
    });
  });
});

describe('authorization and errors', () => {
  it('answers AcceptGrant', () => {
    expect(alexaAcceptGrantResponse('msg-4')).toEqual({
      event: {
        header: {
          namespace: 'Alexa.Authorization',
          name: 'AcceptGrant.Response',
          messageId: 'msg-4',
          payloadVersion: '3',
        },
        payload: {},
      },
    });
  });

  it('fails AcceptGrant with ACCEPT_GRANT_FAILED', () => {
    expect(alexaAcceptGrantError('msg-5', 'Failed to retrieve the LWA tokens')).toEqual({
      event: {
        header: {
          namespace: 'Alexa.Authorization',
          name: 'ErrorResponse',
          messageId: 'msg-5',
          payloadVersion: '3',
        },
        payload: { type: 'ACCEPT_GRANT_FAILED', message: 'Failed to retrieve the LWA tokens' },
      },
    });
  });

  it('answers a directive for an offline device with ENDPOINT_UNREACHABLE', () => {
    const response = alexaErrorResponse(
      directiveOf('alexa-turn-off.directive.json'),
      'ENDPOINT_UNREACHABLE',
      'The purifier is offline',
      'msg-6',
    );
    expect(response).toEqual({
      event: {
        header: {
          namespace: 'Alexa',
          name: 'ErrorResponse',
          messageId: 'msg-6',
          correlationToken: CORRELATION_TOKEN,
          payloadVersion: '3',
        },
        endpoint: { endpointId: PURIFIER, cookie: {} },
        payload: { type: 'ENDPOINT_UNREACHABLE', message: 'The purifier is offline' },
      },
    });
  });

  it('answers a Discover with a bad token without an endpoint', () => {
    const response = alexaErrorResponse(
      directiveOf('alexa-discover.directive.json'),
      'INVALID_AUTHORIZATION_CREDENTIAL',
      'Unknown token',
    );
    expect(response.event).not.toHaveProperty('endpoint');
    expect(response.event.header).not.toHaveProperty('correlationToken');
    expect(response.event.payload.type).toBe('INVALID_AUTHORIZATION_CREDENTIAL');
  });
});
