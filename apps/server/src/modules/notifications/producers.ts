import { formatInr, OWNER_PATHS } from '@isaac/contract';
import type { AppEvents, SecurityChange } from '../../events.ts';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { devices, homeMembers, installations, users, type OrderRow } from '../../db/schema/index.ts';
import { audienceOf } from '../../policy/policy.ts';
import type { EmailTextKey } from '../outbox/i18n.ts';
import { settingsPathOf, type NotificationService } from './service.ts';

/** The catalogue keys (`alerts.*`) of each security change's notice. */
const SECURITY_WORDS: Record<SecurityChange, { title: EmailTextKey; body: EmailTextKey }> = {
  password_changed: { title: 'alerts.passwordChangedTitle', body: 'alerts.passwordChangedBody' },
  two_factor_disabled: { title: 'alerts.twoFactorOffTitle', body: 'alerts.twoFactorOffBody' },
  two_factor_reset: { title: 'alerts.twoFactorResetTitle', body: 'alerts.twoFactorResetBody' },
  recovery_codes_renewed: {
    title: 'alerts.recoveryCodesRenewedTitle',
    body: 'alerts.recoveryCodesRenewedBody',
  },
};

/**
 * Notifications for what other modules announce on the event bus (issue 33), written in the publisher's
 * transaction where it has one: a paid or refunded order to its buyer (once fulfilment has their account), a
 * scheduled or completed installation to its customer, a firmware update to everyone who sees the device
 * (its home's members; a guest in their rooms, issue 32). The transactional e-mails for these (order confirmation, installation completed) are
 * the outbox's own; these are the bell's and, if chosen, the push.
 */
export class EventNotifications {
  constructor(
    private readonly db: Db,
    private readonly notifications: NotificationService,
  ) {}

  async orderPaid(tx: Db | Tx, order: OrderRow): Promise<void> {
    if (!order.customerEmail) return;
    const [buyer] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, order.customerEmail.toLowerCase()));
    if (!buyer) return;
    await this.notifications.notify(tx, buyer.id, {
      kind: 'order_paid',
      title: (t) => t('alerts.orderPaidTitle'),
      body: (t) =>
        t('alerts.orderPaidBody', { amount: formatInr(order.amountPaise), receipt: order.receipt }),
      link: OWNER_PATHS.orders,
      subject: `order:${order.id}:paid`,
      onceWithinMs: 365 * 24 * 60 * 60_000,
    });
  }

  async installationCompleted(tx: Db | Tx, installationId: string): Promise<void> {
    const [row] = await tx
      .select({ customerId: installations.customerId, homeId: installations.homeId })
      .from(installations)
      .where(eq(installations.id, installationId));
    if (!row) return;
    await this.notifications.notify(tx, row.customerId, {
      kind: 'installation_completed',
      title: (t) => t('alerts.installationCompletedTitle'),
      body: (t) => t('alerts.installationCompletedBody'),
      link: OWNER_PATHS.dashboard,
      homeId: row.homeId,
      subject: `installation:${installationId}:completed`,
      onceWithinMs: 365 * 24 * 60 * 60_000,
    });
  }

  async orderRefunded(tx: Db | Tx, order: OrderRow): Promise<void> {
    const buyerId = order.customerId ?? (await this.buyerOf(tx, order));
    if (!buyerId) return;
    await this.notifications.notify(tx, buyerId, {
      kind: 'order_refunded',
      title: (t) => t('alerts.orderRefundedTitle'),
      body: (t) =>
        t('alerts.orderRefundedBody', { amount: formatInr(order.amountPaise), receipt: order.receipt }),
      link: OWNER_PATHS.orders,
      subject: `order:${order.id}:refunded`,
      onceWithinMs: 365 * 24 * 60 * 60_000,
    });
  }

  async installationScheduled({ tx, customerId, date, electrician }: AppEvents['installation.scheduled']) {
    await this.notifications.notify(tx, customerId, {
      kind: 'installation_scheduled',
      title: (t) => t('alerts.installationScheduledTitle'),
      body: (t) => t('alerts.installationScheduledBody', { electrician, date }),
      link: OWNER_PATHS.orders,
    });
  }

  async firmwareUpdated({ deviceId, version }: AppEvents['device.firmware_updated']): Promise<void> {
    // The device and the members who see it, in one statement.
    const audience = await this.db
      .select({ name: devices.name, homeId: devices.homeId, userId: homeMembers.userId })
      .from(devices)
      .innerJoin(homeMembers, audienceOf(devices.homeId, devices.roomId))
      .where(eq(devices.id, deviceId));
    const name = audience[0]?.name;
    if (name === undefined) return;
    await this.notifications.notifyEach(
      this.db,
      audience.map((a) => a.userId),
      {
        kind: 'firmware_updated',
        title: (t) => t('alerts.firmwareTitle', { name }),
        body: (t) => t('alerts.firmwareBody', { name, version }),
        link: OWNER_PATHS.devices,
        homeId: audience[0]?.homeId,
        subject: `device:${deviceId}:firmware:${version}`,
        onceWithinMs: 365 * 24 * 60 * 60_000,
      },
    );
  }

  /** A sign-in with a recovery code (ADR 085): the codes left, and the way to the person's security settings. */
  async recoveryCodeUsed({ userId, role, left }: AppEvents['auth.recovery_code_used']): Promise<void> {
    await this.notifications.notify(this.db, userId, {
      kind: 'security',
      title: (t) => t('alerts.recoveryCodeTitle'),
      body: (t) => t('alerts.recoveryCodeBody', { count: left }),
      link: settingsPathOf(role),
    });
  }

  /** A change to how a person signs in (ADR 085), in its transaction: what changed, and what to do if not them. */
  async securityChanged({ tx, userId, role, change }: AppEvents['account.security_changed']): Promise<void> {
    const words = SECURITY_WORDS[change];
    await this.notifications.notify(tx, userId, {
      kind: 'security',
      title: (t) => t(words.title),
      body: (t) => t(words.body),
      link: settingsPathOf(role),
    });
  }

  private async buyerOf(tx: Db | Tx, order: OrderRow): Promise<string | null> {
    if (!order.customerEmail) return null;
    const [buyer] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, order.customerEmail.toLowerCase()));
    return buyer?.id ?? null;
  }
}
