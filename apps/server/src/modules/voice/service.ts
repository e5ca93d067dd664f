import { ERROR_CODE, VOICE_LIMITS, type AqiScale } from '@isaac/contract';
import { and, asc, eq, gt, inArray, isNull, or, sql, type AnyColumn } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { Statements } from '../../db/statements.ts';
import {
  alexaGrants,
  devices,
  homeMembers,
  oauthClients,
  oauthLinks,
  rooms,
  type DeviceRow,
} from '../../db/schema/index.ts';
import type { AppEvents } from '../../events.ts';
import { HttpError } from '../../plugins/errors.ts';
import { audienceOf, memberReaches } from '../../policy/policy.ts';
import type { AuditContext } from '../audit/audit-log.ts';
import type { DeviceCommandService } from '../device-commands/service.ts';
import type { AccessTokenGrant } from '../oauth/model.ts';
import type { OAuthService } from '../oauth/service.ts';
import type { AlexaGrants } from './alexa-grants.ts';
import {
  alexaAcceptGrantError,
  alexaAcceptGrantResponse,
  alexaAddOrUpdateReport,
  alexaChangeReport,
  alexaCommandOf,
  alexaDirectiveSchema,
  alexaDeleteReport,
  alexaDiscoveryResponse,
  alexaEndpointsOfAll,
  alexaErrorResponse,
  alexaPowerResponse,
  alexaStateReport,
  alexaTokenOf,
  type AlexaDirective,
} from './alexa.ts';
import {
  googleDisconnectResponse,
  googleExecutePlan,
  googleExecuteResponse,
  googleQuery,
  googleReportStatePayload,
  googleRequestSchema,
  googleSync,
  type GoogleExecuteOutcome,
  type GoogleExecutePayload,
} from './google-home.ts';
import type { HomeGraphClient } from './homegraph.ts';
import { KeyedQueue } from '../../keyed-queue.ts';
import { resolveEndpoint, voiceEndpointsOf, type VoiceCommand, type VoiceDevice } from './voice-device.ts';

/** What a fulfillment route answers: a status and the assistant's JSON. */
export interface VoiceAnswer {
  status: 200 | 400 | 401;
  body: object;
}

/** What a step not answered by the request's deadline becomes. */
const LATE = Symbol('late');

/** Where a voice request came from (recorded with every command it sends). */
export interface VoiceRequestMeta {
  ip: string | null;
  requestId: string | null;
}

export const VOICE_MESSAGES = {
  invalidToken: 'The access token is invalid, expired or revoked: refresh it or link the account again',
  noSuchEndpoint: 'No such device in this home',
  offline: (name: string) => `${name} is offline`,
  notSupported: 'This device does not support that',
  alexaNotConfigured: 'Alexa events are not configured on this server',
} as const;

/** A device row and its room's name, as an assistant sees it. */
export function voiceDeviceOf(row: DeviceRow, roomName: string | null, aqiScale: AqiScale): VoiceDevice {
  return {
    id: row.id,
    homeId: row.homeId,
    name: row.name,
    type: row.type,
    model: row.model,
    serialNumber: row.serialNumber,
    firmwareVersion: row.firmwareVersion,
    roomName,
    online: row.isConnected,
    powerOn: row.powerOn,
    fanSpeed: row.fanSpeed,
    gangNames: row.gangNames,
    gangStates: Array.from({ length: row.gangCount }, (_, i) => row.gangStates[i] === true),
    pm25: row.pm25,
    aqiScale,
  };
}

/**
 * Google Home and Alexa smart-home fulfillment (issue 12): the person behind the access token (OAuth module)
 * reaches the devices of their homes (a guest: their rooms'); every command goes through the device-command
 * service on channel `voice`, the assistant named with the person in the activity log. A device's new state
 * is reported to every member who sees it and linked an assistant (HomeGraph Report State, Alexa
 * ChangeReports), and a change of a home's devices or of a person's access asks Google to sync.
 */
export class VoiceService {
  private readonly devicesOfStatement;
  /** A person's discovery reports, one after another: each compares with what the one before recorded. */
  private readonly alexaDiscovery = new KeyedQueue();

  constructor(
    private readonly db: Db,
    private readonly oauth: OAuthService,
    private readonly commands: DeviceCommandService,
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
    /** How readings become AQI bands (AQI_SCALE): the air quality the assistants hear. */
    private readonly aqiScale: AqiScale,
    private readonly homeGraph: { client: HomeGraphClient; oauthClientId: string } | null = null,
    private readonly alexaGrants: AlexaGrants | null = null,
    /** The bounds of one request's work (contract VOICE_LIMITS; tests may narrow them). */
    readonly limits: { maxStepsPerRequest: number; deadlineMs: number } = { ...VOICE_LIMITS },
  ) {
    // The devices of every home the person is a live member of (a guest: their rooms'), with their rooms:
    // one statement (issue 32: voice linking is per member; ending a membership ends its voice access).
    this.devicesOfStatement = Statements.one('voice_devices_of', (name) =>
      db
        .select({ device: devices, roomName: rooms.name })
        .from(devices)
        .leftJoin(rooms, eq(rooms.id, devices.roomId))
        .where(memberReaches(sql.placeholder('userId')))
        .orderBy(asc(devices.createdAt), asc(devices.id))
        .prepare(name),
    );
  }

  async devicesOf(userId: string): Promise<VoiceDevice[]> {
    const rows = await this.devicesOfStatement.execute({ userId });
    return rows.map((row) => voiceDeviceOf(row.device, row.roomName, this.aqiScale));
  }

  private contextOf(grant: AccessTokenGrant, meta: VoiceRequestMeta): AuditContext {
    return {
      actor: {
        id: grant.user.id,
        name: `${grant.user.name} via ${grant.client.name}`,
        role: grant.user.role,
      },
      channel: 'voice',
      ip: meta.ip,
      userAgent: grant.client.name,
      requestId: meta.requestId,
    };
  }

  /** Runs one command for the owner; the device after it, or why not (offline, gone, not supported). */
  private async run(
    grant: AccessTokenGrant,
    device: VoiceDevice,
    command: VoiceCommand,
    meta: VoiceRequestMeta,
  ): Promise<
    | { ok: true; device: VoiceDevice }
    | { ok: false; reason: 'offline' | 'gone' | 'unsupported' | 'unresponsive' }
  > {
    if (!device.online) return { ok: false, reason: 'offline' };
    try {
      const row = await this.commands.executeCommand({
        deviceId: device.id,
        // The device's home, named: the member's live role there decides (a guest: their rooms only).
        scope: { kind: 'owner', userId: grant.user.id, home: device.homeId ?? null },
        command,
        context: this.contextOf(grant, meta),
      });
      return { ok: true, device: voiceDeviceOf(row, device.roomName, this.aqiScale) };
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      if (error.statusCode === 404) return { ok: false, reason: 'gone' };
      if (error.statusCode === 400) return { ok: false, reason: 'unsupported' };
      // The device plane (issue 13): not connected, or it did not answer / refused.
      if (error.code === ERROR_CODE.deviceOffline) return { ok: false, reason: 'offline' };
      if (error.code === ERROR_CODE.deviceTimeout || error.code === ERROR_CODE.deviceRefused) {
        return { ok: false, reason: 'unresponsive' };
      }
      throw error;
    }
  }

  // ---- Google ----

  /** POST /api/voice/google: SYNC, QUERY, EXECUTE, DISCONNECT (401 for a bad token: Google then refreshes). */
  async google(accessToken: string | null, body: unknown, meta: VoiceRequestMeta): Promise<VoiceAnswer> {
    const grant = accessToken ? await this.oauth.authenticate(accessToken) : null;
    if (!grant)
      return { status: 401, body: { error: ERROR_CODE.invalidToken, message: VOICE_MESSAGES.invalidToken } };
    const parsed = googleRequestSchema.safeParse(body);
    if (!parsed.success) {
      return {
        status: 400,
        body: {
          error: ERROR_CODE.validation,
          message: 'Not a smart-home intent request',
          details: parsed.error.issues.map((issue) => ({
            path: issue.path.join('.'),
            message: issue.message,
          })),
        },
      };
    }
    const { requestId, inputs } = parsed.data;
    const input = inputs[0]!;
    const userId = grant.user.id;
    switch (input.intent) {
      case 'action.devices.SYNC':
        return { status: 200, body: googleSync(requestId, userId, await this.devicesOf(userId)) };
      case 'action.devices.QUERY':
        return {
          status: 200,
          body: googleQuery(
            requestId,
            await this.devicesOf(userId),
            input.payload.devices.map((d) => d.id),
          ),
        };
      case 'action.devices.EXECUTE':
        return { status: 200, body: await this.googleExecute(grant, requestId, input.payload, meta) };
      case 'action.devices.DISCONNECT':
        await this.oauth.endLink(
          grant.linkId,
          this.contextOf(grant, meta),
          `disconnected by ${grant.client.name}`,
        );
        return { status: 200, body: googleDisconnectResponse() };
    }
  }

  /**
   * An EXECUTE, bounded (ADR 054): distinct steps only (the plan), at most `maxStepsPerRequest` run (the
   * endpoints beyond answer `actionNotAvailable`), each device's steps in order and the devices concurrently,
   * under one deadline: an endpoint not answered by then is reported offline.
   */
  private async googleExecute(
    grant: AccessTokenGrant,
    requestId: string,
    payload: GoogleExecutePayload,
    meta: VoiceRequestMeta,
  ) {
    const devices = await this.devicesOf(grant.user.id);
    const plan = googleExecutePlan(payload, devices);
    const outcomes: GoogleExecuteOutcome[] = new Array(plan.length);
    /** Each device's runnable steps (by their place in the plan), in request order. */
    const byDevice = new Map<
      string,
      { device: VoiceDevice; steps: { index: number; endpointId: string; command: VoiceCommand }[] }
    >();
    let runnable = 0;
    plan.forEach((step, index) => {
      if ('error' in step) {
        outcomes[index] = { endpointId: step.endpointId, ok: false, errorCode: step.error };
        return;
      }
      const endpoint = resolveEndpoint(devices, step.endpointId);
      if (!endpoint) {
        outcomes[index] = { endpointId: step.endpointId, ok: false, errorCode: 'deviceNotFound' };
        return;
      }
      if (++runnable > this.limits.maxStepsPerRequest) {
        outcomes[index] = { endpointId: step.endpointId, ok: false, errorCode: 'actionNotAvailable' };
        return;
      }
      const chain = byDevice.get(endpoint.device.id) ?? { device: endpoint.device, steps: [] };
      chain.steps.push({ index, endpointId: step.endpointId, command: step.command });
      byDevice.set(endpoint.device.id, chain);
    });
    const deadline = this.deadline();
    try {
      await Promise.all(
        [...byDevice.values()].map(async (chain) => {
          // One device's steps in order, each from the state the previous one left.
          let device = chain.device;
          for (const step of chain.steps) {
            const result = deadline.passed
              ? LATE
              : await Promise.race([this.run(grant, device, step.command, meta), deadline.promise]);
            if (result !== LATE && result.ok) device = result.device;
            outcomes[step.index] =
              result === LATE
                ? { endpointId: step.endpointId, ok: false, errorCode: 'deviceOffline' }
                : result.ok
                  ? { endpointId: step.endpointId, ok: true, device: result.device }
                  : {
                      endpointId: step.endpointId,
                      ok: false,
                      errorCode:
                        result.reason === 'offline' || result.reason === 'unresponsive'
                          ? 'deviceOffline'
                          : result.reason === 'gone'
                            ? 'deviceNotFound'
                            : 'functionNotSupported',
                    };
          }
        }),
      );
    } finally {
      deadline.clear();
    }
    return googleExecuteResponse(requestId, outcomes);
  }

  /** One request's deadline (`limits.deadlineMs` from now): a promise of LATE, and whether it passed. */
  private deadline() {
    let timer: NodeJS.Timeout | undefined;
    const state = {
      passed: false,
      promise: new Promise<typeof LATE>((resolve) => {
        timer = setTimeout(() => {
          state.passed = true;
          resolve(LATE);
        }, this.limits.deadlineMs);
      }),
      clear: () => clearTimeout(timer),
    };
    return state;
  }

  // ---- Alexa ----

  /** POST /api/voice/alexa: a Smart Home directive; the answer is always an Alexa event (errors too). */
  async alexa(body: unknown, meta: VoiceRequestMeta): Promise<VoiceAnswer> {
    const parsed = alexaDirectiveSchema.safeParse(body);
    if (!parsed.success) {
      return {
        status: 400,
        body: {
          error: ERROR_CODE.validation,
          message: 'Not an Alexa Smart Home directive (payloadVersion 3)',
        },
      };
    }
    const directive = parsed.data;
    const { namespace, name, messageId } = directive.directive.header;
    const token = alexaTokenOf(directive);
    const grant = token ? await this.oauth.authenticate(token) : null;
    if (namespace === 'Alexa.Authorization' && name === 'AcceptGrant') {
      return { status: 200, body: await this.acceptGrant(directive, grant, messageId) };
    }
    if (!grant) {
      return {
        status: 200,
        body: alexaErrorResponse(directive, 'INVALID_AUTHORIZATION_CREDENTIAL', VOICE_MESSAGES.invalidToken),
      };
    }
    if (namespace === 'Alexa.Discovery' && name === 'Discover') {
      const response = alexaDiscoveryResponse(messageId, await this.devicesOf(grant.user.id));
      // What Alexa now knows: a later report deletes the endpoints that go (issue 32).
      await this.alexaGrants?.setReportedEndpoints(
        grant.user.id,
        response.event.payload.endpoints.map((e) => e.endpointId),
      );
      return { status: 200, body: response };
    }
    const endpointId = directive.directive.endpoint?.endpointId;
    const endpoint = endpointId ? resolveEndpoint(await this.devicesOf(grant.user.id), endpointId) : null;
    if (!endpoint) {
      return {
        status: 200,
        body: alexaErrorResponse(directive, 'NO_SUCH_ENDPOINT', VOICE_MESSAGES.noSuchEndpoint),
      };
    }
    if (namespace === 'Alexa' && name === 'ReportState') {
      return {
        status: 200,
        body: alexaStateReport(directive, endpoint.device, endpoint.gangIndex, this.now()),
      };
    }
    const command = alexaCommandOf(directive);
    if (!command) {
      return {
        status: 200,
        body: alexaErrorResponse(directive, 'INVALID_DIRECTIVE', `${namespace}.${name} is not supported`),
      };
    }
    // One endpoint, one step, under the same deadline as an EXECUTE (ADR 054): late is unreachable.
    const deadline = this.deadline();
    const raced = await Promise.race([this.run(grant, endpoint.device, command, meta), deadline.promise]);
    deadline.clear();
    const result = raced === LATE ? ({ ok: false, reason: 'unresponsive' } as const) : raced;
    if (result.ok) {
      return {
        status: 200,
        body: alexaPowerResponse(directive, result.device, endpoint.gangIndex, this.now()),
      };
    }
    const [type, message] =
      result.reason === 'offline' || result.reason === 'unresponsive'
        ? (['ENDPOINT_UNREACHABLE', VOICE_MESSAGES.offline(endpoint.device.name)] as const)
        : result.reason === 'gone'
          ? (['NO_SUCH_ENDPOINT', VOICE_MESSAGES.noSuchEndpoint] as const)
          : (['INVALID_DIRECTIVE', VOICE_MESSAGES.notSupported] as const);
    return { status: 200, body: alexaErrorResponse(directive, type, message) };
  }

  private async acceptGrant(directive: AlexaDirective, grant: AccessTokenGrant | null, messageId: string) {
    const code = directive.directive.payload.grant?.code;
    if (!grant) return alexaAcceptGrantError(messageId, VOICE_MESSAGES.invalidToken);
    if (!this.alexaGrants) return alexaAcceptGrantError(messageId, VOICE_MESSAGES.alexaNotConfigured);
    if (!code) return alexaAcceptGrantError(messageId, 'The directive carries no grant code');
    try {
      await this.alexaGrants.accept(grant.user.id, code);
      return alexaAcceptGrantResponse(messageId);
    } catch (error) {
      this.log.warn({ err: error }, 'Alexa AcceptGrant: the grant code could not be exchanged');
      return alexaAcceptGrantError(messageId, 'The grant code could not be exchanged with Login with Amazon');
    }
  }

  // ---- HomeGraph (Report State, Request Sync) and Alexa ChangeReports ----

  /** Whether a person is linked to Google through the HomeGraph client (SQL, for one statement). */
  private googleLinked(userId: AnyColumn) {
    const clientId = this.homeGraph?.oauthClientId ?? '';
    return sql<boolean>`exists (select 1 from ${oauthLinks} inner join ${oauthClients} on ${oauthClients.id} = ${oauthLinks.clientId} where ${oauthLinks.userId} = ${userId} and ${oauthClients.clientId} = ${clientId} and ${oauthLinks.revokedAt} is null)`;
  }

  private async linkedToGoogle(userId: string): Promise<boolean> {
    if (!this.homeGraph) return false;
    const [link] = await this.db
      .select({ id: oauthLinks.id })
      .from(oauthLinks)
      .innerJoin(oauthClients, eq(oauthClients.id, oauthLinks.clientId))
      .where(
        and(
          eq(oauthLinks.userId, userId),
          eq(oauthClients.clientId, this.homeGraph.oauthClientId),
          isNull(oauthLinks.revokedAt),
        ),
      )
      .limit(1);
    return link !== undefined;
  }

  /**
   * A device's new state, told to every member of its home who sees it (a guest: in their rooms, until their
   * end) and linked an assistant: the audience, their links and the device's room read in ONE statement, then
   * a Report State per Google-linked person and a ChangeReport per endpoint for each Alexa grant. One person's
   * failure does not keep the others from hearing.
   */
  async stateChanged(device: DeviceRow): Promise<void> {
    if (!this.homeGraph && !this.alexaGrants) return;
    const audience = await this.db
      .select({
        userId: homeMembers.userId,
        roomName: rooms.name,
        google: this.googleLinked(homeMembers.userId),
        alexa: sql<boolean>`exists (select 1 from ${alexaGrants} where ${alexaGrants.userId} = ${homeMembers.userId})`,
      })
      .from(devices)
      .innerJoin(homeMembers, audienceOf(devices.homeId, devices.roomId))
      .leftJoin(rooms, eq(rooms.id, devices.roomId))
      .where(eq(devices.id, device.id));
    if (audience.length === 0) return;
    const reported = voiceDeviceOf(device, audience[0]!.roomName, this.aqiScale);
    const { homeGraph, alexaGrants: grants } = this;
    const sends = audience.flatMap(({ userId, google, alexa }) => [
      ...(homeGraph && google
        ? [homeGraph.client.reportState(googleReportStatePayload(randomUUID(), userId, [reported]))]
        : []),
      ...(grants && alexa
        ? [
            grants.send(userId, (token) =>
              voiceEndpointsOf(reported).map(({ endpointId, gangIndex }) =>
                alexaChangeReport(reported, endpointId, gangIndex, token, this.now()),
              ),
            ),
          ]
        : []),
    ]);
    for (const outcome of await Promise.allSettled(sends)) {
      if (outcome.status === 'rejected') {
        this.log.warn({ err: outcome.reason, device: device.id }, 'a voice assistant was not told a state');
      }
    }
  }

  /**
   * A home's devices changed: every live member linked to Google is asked to sync, and every live member who
   * enabled the Alexa skill is sent their endpoints (one statement finds each); a person who had no home
   * before the change is told alone.
   */
  async devicesChanged({ homeId, userId }: AppEvents['home.devices_changed']): Promise<void> {
    if (!this.homeGraph && !this.alexaGrants) return;
    const people =
      homeId === null
        ? [userId]
        : this.db
            .select({ userId: homeMembers.userId })
            .from(homeMembers)
            .where(
              and(
                eq(homeMembers.homeId, homeId),
                or(isNull(homeMembers.endsAt), gt(homeMembers.endsAt, this.now())),
              ),
            );
    const told: Promise<void>[] = [];
    if (this.homeGraph) {
      const linked = await this.db
        .selectDistinct({ userId: oauthLinks.userId })
        .from(oauthLinks)
        .innerJoin(oauthClients, eq(oauthClients.id, oauthLinks.clientId))
        .where(
          and(
            eq(oauthClients.clientId, this.homeGraph.oauthClientId),
            isNull(oauthLinks.revokedAt),
            inArray(oauthLinks.userId, people),
          ),
        );
      for (const person of linked) told.push(this.homeGraph.client.requestSync(person.userId));
    }
    if (this.alexaGrants) {
      const granted = await this.db
        .select({ userId: alexaGrants.userId })
        .from(alexaGrants)
        .where(inArray(alexaGrants.userId, people));
      for (const person of granted) told.push(this.alexaDiscoveryChanged(person.userId));
    }
    await this.settle(told, 'a voice assistant was not told of a home’s devices');
  }

  /**
   * A person's access to a home changed (joined, another role, ended): Google syncs their devices; Alexa is
   * sent the endpoints they now reach and told of those they no longer do.
   */
  async accessChanged(userId: string): Promise<void> {
    const told: Promise<void>[] = [];
    if (this.homeGraph && (await this.linkedToGoogle(userId))) {
      told.push(this.homeGraph.client.requestSync(userId));
    }
    if (this.alexaGrants) told.push(this.alexaDiscoveryChanged(userId));
    await this.settle(told, 'a voice assistant was not told of a change of access');
  }

  /**
   * Alexa's view of a person's endpoints brought up to date: an AddOrUpdateReport of every endpoint they reach
   * now, a DeleteReport of those Alexa was told of that they no longer reach; then what Alexa knows is
   * recorded. Nothing without a grant. One person's reports run one after another.
   */
  alexaDiscoveryChanged(userId: string): Promise<void> {
    const grants = this.alexaGrants;
    if (!grants) return Promise.resolve();
    return this.alexaDiscovery.run(userId, async () => {
      const known = await grants.reportedEndpoints(userId);
      if (known === undefined) return;
      const endpoints = alexaEndpointsOfAll(await this.devicesOf(userId));
      const now = new Set(endpoints.map((e) => e.endpointId));
      const gone = known.filter((id) => !now.has(id));
      if (endpoints.length === 0 && gone.length === 0) return;
      await grants.send(userId, (token) => [
        ...(endpoints.length > 0 ? [alexaAddOrUpdateReport(endpoints, token)] : []),
        ...(gone.length > 0 ? [alexaDeleteReport(gone, token)] : []),
      ]);
      await grants.setReportedEndpoints(userId, [...now]);
    });
  }

  /** Waits for every send; a failed one is logged, never thrown (one person's failure keeps no one else waiting). */
  private async settle(sends: readonly Promise<unknown>[], message: string): Promise<void> {
    for (const outcome of await Promise.allSettled(sends)) {
      if (outcome.status === 'rejected') this.log.warn({ err: outcome.reason }, message);
    }
  }
}
