import { readFileSync } from 'node:fs';
import { NotificationService } from './modules/notifications/service.ts';
import { AutomationService } from './modules/automations/service.ts';
import { AutoModeSetting } from './modules/automations/auto-mode.ts';
import { AutomationRunner } from './modules/automations/runner.ts';
import { DeviceAlerts } from './modules/notifications/alerts.ts';
import { EventNotifications } from './modules/notifications/producers.ts';
import { PushWorker, WebPushSender, type PushSender } from './modules/notifications/push.ts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { AccountService } from './modules/account/service.ts';
import { AdminDashboardService } from './modules/admin-dashboard/service.ts';
import { AdminDeviceService } from './modules/admin-devices/service.ts';
import { AdminElectricianService } from './modules/admin-electricians/service.ts';
import { AdminUserService } from './modules/admin-users/service.ts';
import { RowCounts } from './modules/stats/row-counts.ts';
import { ElectricianService } from './modules/electrician/service.ts';
import { CustomerHomeService } from './modules/electrician/home.ts';
import { CustomerAssignments } from './modules/installations/assignments.ts';
import { InstallationDeviceTests } from './modules/installations/device-test.ts';
import { GuidedInstallService } from './modules/installations/guided.ts';
import { IdempotencyStore } from './modules/idempotency/store.ts';
import { InstallationService } from './modules/installations/service.ts';
import { InstallationJobService } from './modules/installation-jobs/service.ts';
import { every } from './jobs.ts';
import { JobLeases } from './leases.ts';
import { OwnerOrderService } from './modules/owner-orders/service.ts';
import { SEAL_PURPOSE, SecretBox } from './modules/two-factor/secret-box.ts';
import { DataKeyring } from './keys/keyring.ts';
import { ReportService } from './modules/reports/service.ts';
import { FirmwareService } from './modules/firmware/service.ts';
import { LocalDiskFirmwareStore } from './modules/firmware/storage.ts';
import { AuditLog } from './modules/audit/audit-log.ts';
import { AuthService } from './modules/auth/service.ts';
import { SessionService } from './modules/auth/sessions.ts';
import { TokenService } from './modules/auth/tokens.ts';
import { ContactService } from './modules/contact/service.ts';
import { OwnerDashboardService } from './modules/dashboard/service.ts';
import { DeviceCommandService, DirectTransport } from './modules/device-commands/service.ts';
import { DeviceService } from './modules/devices/service.ts';
import { NewsletterService } from './modules/newsletter/service.ts';
import { LateCaptureService } from './modules/orders/late-captures.ts';
import { OrderService } from './modules/orders/service.ts';
import { InvoiceService } from './modules/invoices/service.ts';
import { createPaymentProvider } from './modules/payments/provider.ts';
import { SandboxWebhookSender } from './modules/payments/sandbox-webhooks.ts';
import { PaymentService } from './modules/payments/service.ts';
import { QuoteService } from './modules/quotes/service.ts';
import { RoomService } from './modules/rooms/service.ts';
import { HomeService } from './modules/homes/service.ts';
import { TwoFactorService } from './modules/two-factor/service.ts';
import { OAuthService } from './modules/oauth/service.ts';
import { EventBus } from './events.ts';
import { EmbeddedBroker, ExternalBroker } from './device-plane/bus.ts';
import { DeviceCredentials } from './device-plane/credentials.ts';
import { DevicePlane } from './device-plane/plane.ts';
import { TelemetryService } from './device-plane/telemetry.ts';
import {
  DEFAULT_ROLLOUT_TIMEOUTS,
  RolloutService,
  type RolloutTimeouts,
} from './modules/rollouts/service.ts';
import { DownloadSigner } from './modules/rollouts/signer.ts';
import { EmailOutbox } from './modules/outbox/outbox.ts';
import { OrderFulfilment } from './modules/fulfilment/service.ts';
import { OutboxWorker, SmtpTransport } from './modules/outbox/worker.ts';
import { AlexaGrants } from './modules/voice/alexa-grants.ts';
import type { HomeGraphClient } from './modules/voice/homegraph.ts';
import { VoiceService } from './modules/voice/service.ts';
import { CsrfGuard } from './plugins/csrf.ts';
import type { RequestOutcomes } from './plugins/request-outcomes.ts';

/**
 * Every service of the API, built ONCE per app (`createServices`) and handed to the route plugins as
 * `app.services` (fastify/demo's decorate pattern). Route plugins never construct services: a service
 * that needs another (payments → orders, devices → device commands, auth → audit) gets the same
 * instance here, and infrastructure choices are made here once — the payment provider
 * (`createPaymentProvider`), the device transport.
 */
export interface Services {
  tokens: TokenService;
  sessions: SessionService;
  csrf: CsrfGuard;
  audit: AuditLog;
  /** Two-factor sign-in (ADR 028): enrolment, sign-in codes, the admin requirement (the auth hook reads it). */
  twoFactor: TwoFactorService;
  auth: AuthService;
  account: AccountService;
  deviceCommands: DeviceCommandService;
  devices: DeviceService;
  rooms: RoomService;
  /** Homes, their members and invitations (issue 32, ADR 069). */
  homes: HomeService;
  dashboard: OwnerDashboardService;
  orders: OrderService;
  /** Payments captured for closed or already-paid orders, to refund (issue 29). */
  lateCaptures: LateCaptureService;
  /** The buyers' tax invoices, as JSON and PDF (issue 29). */
  invoices: InvoiceService;
  payments: PaymentService;
  /** Quotes for leads, paid by link through the checkout (issue 15). */
  quotes: QuoteService;
  /** Delivers the sandbox's signed webhooks; null unless the sandbox checkout is on (provider sandbox + allowed). */
  sandboxWebhooks: SandboxWebhookSender | null;
  contact: ContactService;
  newsletter: NewsletterService;
  /** Trigger-kept row counts of devices and users (ADR 032). */
  rowCounts: RowCounts;
  adminDashboard: AdminDashboardService;
  adminUsers: AdminUserService;
  adminDevices: AdminDeviceService;
  adminElectricians: AdminElectricianService;
  /** The electrician area's reads (dashboard, lists, a customer's home). */
  electrician: ElectricianService;
  /** The electrician's changes in a customer's home (rooms, WiFi, Bluetooth, devices into rooms). */
  electricianHomes: CustomerHomeService;
  /** Customer assignments: who may work in whose home, until when; the owner's Revoke. */
  customerAssignments: CustomerAssignments;
  /** The electrician's installations and the owner's installation records. */
  installations: InstallationService;
  /** The guided install (ADR 034). */
  guidedInstall: GuidedInstallService;
  installationDeviceTests: InstallationDeviceTests;
  /** The answers to writes sent with an Idempotency-Key (ADR 070). */
  idempotency: IdempotencyStore;
  /** The admin's installation jobs board and its e-mails (issue 15). */
  installationJobs: InstallationJobService;
  /** The buyer's own orders with their installation (issue 15). */
  ownerOrders: OwnerOrderService;
  reports: ReportService;
  /** Firmware images: the store is the seam for an object store (ADR 021). */
  firmwareStore: LocalDiskFirmwareStore;
  firmware: FirmwareService;
  /** Voice-assistant account linking: the OAuth 2 authorization server and its clients (ADR 035). */
  oauth: OAuthService;
  /** Google Home and Alexa fulfillment (issue 12). */
  voice: VoiceService;
  /** The app's events (src/events.ts): publishers name them, the listeners are registered in createServices. */
  events: EventBus;
  /** Device MQTT credentials (issued at registration, ADR 036). */
  deviceCredentials: DeviceCredentials;
  /** The broker side of the device plane; null with DEVICE_TRANSPORT=direct. Started and closed with the app. */
  devicePlane: DevicePlane | null;
  /** Telemetry series (charts), hourly rollups and retention (issue 13). */
  telemetry: TelemetryService;
  /** Staged firmware rollouts (issue 14) and the signer of their device-bound download links. */
  rollouts: RolloutService;
  downloadSigner: DownloadSigner;
  /** The e-mail outbox (issue 15): services enqueue e-mails in their transactions; the admin Outbox screen. */
  outbox: EmailOutbox;
  /** A paid order's account, invitation, installation job and e-mails; invitations (issue 15). */
  fulfilment: OrderFulfilment;
  /** Delivers the outbox through SMTP; null unless SMTP_URL is set. Started and stopped with the app. */
  outboxWorker: OutboxWorker | null;
  /** Which process runs each background job (ADR 060): its leases, renewed while the app runs. */
  leases: JobLeases;
  /** The notification centre (issue 33): the bell, e-mail and Web Push as each person chose. */
  notifications: NotificationService;
  /** Owners' automations (issue 33) and the engine that runs them. */
  automations: AutomationService;
  autoMode: AutoModeSetting;
  automationRunner: AutomationRunner;
  /** Device alerts: offline, filter life, air quality at home (issue 33). */
  deviceAlerts: DeviceAlerts;
  /** Sends pending Web Push notifications; null when VAPID keys are not set. */
  pushWorker: PushWorker | null;
  /** The VAPID public key browsers subscribe with; null without Web Push. */
  pushPublicKey: string | null;
}

/** The HomeGraph client when configured (its key file is read once at start). */
export interface VoicePush {
  homeGraph: { client: HomeGraphClient; oauthClientId: string } | null;
}

export interface ServiceDeps {
  config: Config;
  db: Db;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Requests and 5xx answers of this process (counted by the request log; the admin health check reads them). */
  requestOutcomes: RequestOutcomes;
  /** Access token lifetime in seconds; default 30 minutes. */
  accessTokenTtlSeconds?: number;
  /** Sends a request to this API in-process (the sandbox's webhooks go through the real route). */
  injectPost: (url: string, headers: Record<string, string>, body: string) => Promise<number>;
  /** Google HomeGraph, when configured (buildApp reads the key file). */
  voicePush?: VoicePush;
  /** Where Web Push goes (tests: a recorder); default the browsers' push services through web-push. */
  pushSender?: PushSender;
}

export function createServices({
  config,
  db,
  now,
  log,
  requestOutcomes,
  accessTokenTtlSeconds,
  injectPost,
  voicePush = { homeGraph: null },
  pushSender,
}: ServiceDeps): Services {
  const tokens = new TokenService(config.jwtSecret, now, accessTokenTtlSeconds);
  const sessions = new SessionService(db, now, {
    idleMinutes: config.sessionIdleMinutes,
    absoluteDays: config.sessionAbsoluteDays,
  });
  const audit = new AuditLog(db, now);
  const rowCounts = new RowCounts(db);
  // Secrets at rest are sealed with the data keys (ADR 052), not JWT_SECRET (which opens only old `v1.` values).
  const dataKeyring = new DataKeyring(config.dataKeys, config.jwtSecret);
  const events = new EventBus(log);
  const twoFactor = new TwoFactorService(
    db,
    now,
    sessions,
    audit,
    new SecretBox(dataKeyring, SEAL_PURPOSE.totpSecret),
    config.adminTwoFactorRequired,
    events,
  );
  const firmwareStore = new LocalDiskFirmwareStore(config.firmwareDir);
  const { aqiScale } = config.devices;
  const deviceCredentials = new DeviceCredentials(db);
  const leases = new JobLeases(db, now, log, { leaseMs: config.jobLeaseMs });
  // The device plane (issue 13, ADR 036): the embedded broker, or an external one; `direct` has none.
  const deviceBus =
    config.devices.transport === 'mqtt'
      ? config.devices.mqttUrl
        ? new ExternalBroker(config.devices.mqttUrl, {
            username: config.devices.mqttUsername,
            password: config.devices.mqttPassword,
            sharedGroup: config.devices.sharedGroup,
          })
        : new EmbeddedBroker(deviceCredentials, {
            host: config.host,
            port: config.devices.mqttPort,
            publicHost: new URL(config.publicApiUrl).hostname,
            limits: config.devices.brokerLimits,
            tls: config.devices.tls
              ? {
                  port: config.devices.tls.port,
                  cert: readFileSync(config.devices.tls.certFile),
                  key: readFileSync(config.devices.tls.keyFile),
                }
              : null,
          })
      : null;
  const devicePlane = deviceBus
    ? new DevicePlane(
        db,
        deviceBus,
        { flushMs: 500, maxBatch: 1000, maxBuffered: config.devices.telemetryBufferMax },
        now,
        log,
        {
          ackTimeoutMs: config.devices.ackTimeoutMs,
          retentionDays: config.devices.retentionDays,
          // other processes on the same database share an external broker (ADR 061)
          othersAlive: deviceBus.kind === 'external' ? () => leases.othersAlive() : undefined,
        },
        events,
        audit,
      )
    : null;
  const deviceCommands = new DeviceCommandService(
    db,
    audit,
    now,
    devicePlane ?? new DirectTransport(),
    events,
  );
  // E-mail (issue 15): written to the outbox; delivered by the worker only when SMTP_URL is set.
  const outbox = new EmailOutbox(db, audit, now, log, config.mail.smtpUrl !== undefined);
  // The notification centre and the automation engine (issue 33).
  const { vapid } = config.push;
  const notifications = new NotificationService(db, outbox, now, {
    pushEnabled: vapid !== null,
    pushServices: config.push.services,
    webOrigin: config.webOrigin,
  });
  const automationRunner = new AutomationRunner(db, deviceCommands, notifications, now, log, {
    aqiScale,
    catchUpMs: config.automations.catchUpMs,
    scheduleTickMs: config.automations.tickMs,
  });
  events.on('device.state_changed', ({ device }) => automationRunner.onDeviceChanged(device));
  // Readings feed the automations that watch air quality, purifiers' auto mode among them (issues 13, 33).
  if (devicePlane) events.on('device.readings_stored', ({ latest }) => automationRunner.onReadings(latest));
  events.on('device.filter_changed', (change) => devices.recordFilterChange(change));
  const automations = new AutomationService(db, now);
  // A home's schedules run on its wall clock (issue 33): a new time zone moves their next runs, in its transaction.
  events.on('home.time_zone_changed', async ({ tx, homeId, timeZone }) => {
    await automations.rescheduleHome(tx, homeId, timeZone);
  });
  const downloadSigner = new DownloadSigner(config.jwtSecret);
  const outboxWorker = config.mail.smtpUrl
    ? new OutboxWorker(db, new SmtpTransport(config.mail.smtpUrl), now, log, {
        from: config.mail.from,
        pollMs: config.mail.pollMs,
        retryBaseMs: config.mail.retryBaseMs,
      })
    : null;
  const scale = config.devices.rolloutTimeoutScale;
  const rollouts = new RolloutService(
    db,
    audit,
    devicePlane ? devicePlane.bus : null,
    downloadSigner,
    now,
    {
      publicApiUrl: config.publicApiUrl,
      timeouts: Object.fromEntries(
        Object.entries(DEFAULT_ROLLOUT_TIMEOUTS).map(([state, seconds]) => [state, seconds * scale]),
      ) as RolloutTimeouts,
      linkSeconds: 3600,
    },
    log,
    events,
  );
  // The rollouts follow what devices report (issue 14, ADR 053).
  events.on('device.ota_status', ({ deviceId, status, at }) => rollouts.onStatus(deviceId, status, at));
  events.on('device.version', ({ deviceId, version }) => rollouts.onVersion(deviceId, version));
  events.on('device.online', ({ deviceId }) => rollouts.onOnline(deviceId));
  const oauth = new OAuthService(db, audit, now);
  const voice = new VoiceService(
    db,
    oauth,
    deviceCommands,
    now,
    log,
    aqiScale,
    voicePush.homeGraph,
    config.voice.alexa
      ? new AlexaGrants(db, new SecretBox(dataKeyring, SEAL_PURPOSE.alexaGrant), config.voice.alexa, now)
      : null,
  );
  // Voice assistants are told of device changes after commit (Report State, Request Sync; issue 12).
  events.on('device.state_changed', ({ device }) => voice.stateChanged(device));
  events.on('home.devices_changed', (changed) => voice.devicesChanged(changed));
  events.on('home.access_changed', ({ userId }) => voice.accessChanged(userId));
  const { provider, sandbox } = createPaymentProvider(config.payment);
  const installationJobs = new InstallationJobService(
    db,
    outbox,
    audit,
    now,
    { webOrigin: config.webOrigin },
    events,
  );
  const orders = new OrderService(db, provider, audit, now, config.seller, events);
  // What a paid order becomes (issue 15, ADR 038), in the payment's transaction.
  const fulfilment = new OrderFulfilment(db, outbox, audit, now, { webOrigin: config.webOrigin });
  events.on('order.paid', ({ tx, order, context }) => fulfilment.onPaid(tx, order, context));
  // After fulfilment (listeners run in order): the buyer's account exists by now.
  const eventNotifications = new EventNotifications(db, notifications);
  events.on('order.paid', ({ tx, order }) => eventNotifications.orderPaid(tx, order));
  events.on('order.refunded', ({ tx, order }) => eventNotifications.orderRefunded(tx, order));
  events.on('installation.scheduled', (scheduled) => eventNotifications.installationScheduled(scheduled));
  events.on('device.firmware_updated', (updated) => eventNotifications.firmwareUpdated(updated));
  events.on('auth.recovery_code_used', (used) => eventNotifications.recoveryCodeUsed(used));
  events.on('account.security_changed', (changed) => eventNotifications.securityChanged(changed));
  const sandboxOn = sandbox !== null && config.payment.sandboxAllowed;
  const pushWorker = vapid
    ? new PushWorker(db, pushSender ?? new WebPushSender(vapid), log, { pollMs: config.push.pollMs, leases })
    : null;
  const devices = new DeviceService(
    db,
    deviceCommands,
    audit,
    now,
    aqiScale,
    events,
    devicePlane
      ? {
          issue: (deviceId, executor) => deviceCredentials.issue(deviceId, executor),
          brokerUrl: () => devicePlane.bus.deviceUrl,
        }
      : null,
  );
  const contact = new ContactService(db, audit, now);
  const customerAssignments = new CustomerAssignments(db, audit, config.electricianGraceDays, now);
  const installations = new InstallationService(db, audit, customerAssignments, now, aqiScale, events);
  // A completed installation that an installation job links to e-mails its customer (issue 15).
  events.on('installation.completed', ({ tx, installationId }) =>
    installationJobs.installationCompleted(tx, installationId),
  );
  events.on('installation.completed', ({ tx, installationId }) =>
    eventNotifications.installationCompleted(tx, installationId),
  );
  return {
    tokens,
    sessions,
    csrf: new CsrfGuard(config.jwtSecret, config.sessionAbsoluteDays * 24 * 60 * 60),
    audit,
    twoFactor,
    auth: new AuthService(db, sessions, tokens, audit, twoFactor, oauth, now, events),
    account: new AccountService(db, sessions, audit, now, config.sessionIdleMinutes, events),
    deviceCommands,
    devices,
    rooms: new RoomService(db, audit, now, aqiScale),
    homes: new HomeService(db, outbox, audit, now, { webOrigin: config.webOrigin }, events),
    dashboard: new OwnerDashboardService(db, aqiScale),
    orders,
    lateCaptures: new LateCaptureService(db, provider, audit, now),
    invoices: new InvoiceService(db, config.seller),
    fulfilment,
    payments: new PaymentService(db, provider, orders, sandboxOn ? sandbox : null),
    quotes: new QuoteService(db, orders, outbox, audit, now, { webOrigin: config.webOrigin }, contact),
    sandboxWebhooks: sandboxOn
      ? new SandboxWebhookSender(sandbox, injectPost, config.payment.sandboxWebhookDelayMs, log, now)
      : null,
    contact,
    newsletter: new NewsletterService(db),
    rowCounts,
    adminDashboard: new AdminDashboardService(
      db,
      requestOutcomes,
      now,
      config.sessionIdleMinutes,
      devicePlane
        ? {
            dropped: () => devicePlane.dropped.window.lastHour(),
            security: () => devicePlane.security.window.lastHour(),
          }
        : null,
    ),
    adminUsers: new AdminUserService(db, sessions, audit, rowCounts, now),
    adminDevices: new AdminDeviceService(db, audit, rowCounts, now, devices),
    adminElectricians: new AdminElectricianService(db, audit, now),
    electrician: new ElectricianService(db, customerAssignments, devices, aqiScale),
    // WiFi passwords sealed with a data key (DATA_ENCRYPTION_KEYS, required in production; ADR 052).
    electricianHomes: new CustomerHomeService(
      db,
      audit,
      customerAssignments,
      new SecretBox(dataKeyring, SEAL_PURPOSE.wifiPassword),
      now,
      aqiScale,
      events,
    ),
    customerAssignments,
    installations,
    guidedInstall: new GuidedInstallService(db, audit, installations, now),
    installationDeviceTests: new InstallationDeviceTests(
      db,
      audit,
      deviceCommands,
      customerAssignments,
      installations,
      now,
    ),
    idempotency: new IdempotencyStore(db, now),
    installationJobs,
    ownerOrders: new OwnerOrderService(db),
    reports: new ReportService(db, now),
    firmwareStore,
    firmware: new FirmwareService(db, firmwareStore, audit, now),
    oauth,
    voice,
    events,
    deviceCredentials,
    devicePlane,
    telemetry: new TelemetryService(db, now, config.devices.retentionDays),
    rollouts,
    downloadSigner,
    outbox,
    outboxWorker,
    leases,
    notifications,
    pushWorker,
    automations,
    autoMode: new AutoModeSetting(db, audit, now, aqiScale),
    deviceAlerts: new DeviceAlerts(db, notifications, now, log),
    automationRunner,
    pushPublicKey: vapid?.publicKey ?? null,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    /** The app's clock (injectable in tests). */
    now: () => Date;
    services: Services;
    /** = services.tokens, services.sessions, services.csrf (the auth hook's and tests' short names). */
    tokens: TokenService;
    sessions: SessionService;
    csrf: CsrfGuard;
  }
}

/** Decorates the app with its settings, database, clock and services; pending sandbox webhooks end with it. */
export function registerServices(
  app: FastifyInstance,
  core: { config: Config; db: Db; now: () => Date },
  services: Services,
): void {
  app.decorate('config', core.config);
  app.decorate('db', core.db);
  app.decorate('now', core.now);
  app.decorate('services', services);
  app.decorate('tokens', services.tokens);
  app.decorate('sessions', services.sessions);
  app.decorate('csrf', services.csrf);
  // Each background job runs on the one process holding its lease (ADR 060); the heartbeat keeps them.
  const { leases } = services;
  // With devices on the broker, readings are rolled up and pruned hourly, and rollouts move along.
  const stopTelemetryJob = services.devicePlane
    ? services.telemetry.schedule(app.log, undefined, leases)
    : undefined;
  const stopRollouts = services.devicePlane
    ? services.rollouts.schedule(core.config.devices.rolloutTickMs, leases)
    : undefined;
  // Commands a stopped process left `sent` end as expired (ADR 053): at start (buildApp) and every minute.
  const ackTimeoutMs = core.config.devices.ackTimeoutMs;
  const stopCommandSweep = services.devicePlane
    ? every(
        'expire stale commands',
        60_000,
        () => services.deviceCommands.expireStale(ackTimeoutMs),
        app.log,
        { leases },
      )
    : undefined;
  // The e-mail outbox is delivered while the app runs (SMTP_URL set); a message being sent finishes on close.
  // Not leased: every process's worker claims its batch FOR UPDATE SKIP LOCKED, so N workers share the outbox.
  services.outboxWorker?.start();
  services.pushWorker?.start();
  services.automationRunner.start(leases);
  services.deviceAlerts.start(core.config.automations.alertsTickMs, leases);
  const stopOutboxPruning = services.outbox.schedulePruning(
    core.config.mail.retentionDays,
    undefined,
    leases,
  );
  leases.start();
  app.addHook('onClose', async () => {
    stopOutboxPruning();
    stopTelemetryJob?.();
    stopRollouts?.();
    stopCommandSweep?.();
    await leases.close();
    await services.outboxWorker?.stop();
    services.pushWorker?.close();
    services.automationRunner.close();
    services.deviceAlerts.close();
    await services.sandboxWebhooks?.close();
    await services.devicePlane?.close();
  });
}
