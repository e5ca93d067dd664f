import {
  HOME_INVITATION_TTL_HOURS,
  HOME_ROLE_LABELS,
  HOMES_MESSAGES,
  homeRoleMay,
  ROLE,
  type AuditChange,
  type ChangeMemberBody,
  type HomeAction,
  type HomeActivity,
  type HomeInvitation,
  type HomeMembers,
  type HomeRole,
  type HomeSummary,
  type InviteMemberBody,
  type NewHomeBody,
  type UpdateHomeBody,
  type Language,
} from '@isaac/contract';
import { and, asc, desc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import type { Db, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import {
  auditLog,
  devices,
  homeInvitations,
  homeMembers,
  homes,
  installations,
  rooms,
  users,
  type HomeMemberRow,
} from '../../db/schema/index.ts';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../plugins/errors.ts';
import type { EventBus } from '../../events.ts';
import type { AuditContext, AuditLog } from '../audit/audit-log.ts';
import { hashPassword } from '../auth/passwords.ts';
import { usernameFor } from '../fulfilment/service.ts';
import type { EmailSink } from '../outbox/emails.ts';
import { createUserUnlessTaken } from '../users/store.ts';
import { activityText } from './activity.ts';

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');
/** A membership that gives access now: no end, or an end still to come. */
const live = (at: Date) => or(isNull(homeMembers.endsAt), gt(homeMembers.endsAt, at));

/**
 * Homes and their members (issue 32, ADR 069): a person's homes and the one they use; a home's owner sees who
 * has access, invites by e-mail (a single-use link through the outbox), changes a role and ends access at once
 * (their sessions keep working for their other homes; their voice assistants stop reaching this one, since
 * every read of a home joins the live membership). The homes module owns `homes`, `home_members` and
 * `home_invitations` (ADR 063).
 */
export class HomeService {
  constructor(
    private readonly db: Db,
    private readonly mail: EmailSink,
    private readonly audit: AuditLog,
    private readonly now: () => Date,
    private readonly options: { webOrigin: string },
    /** Tells the automations of a home's new time zone (its schedules' next runs), in the change's transaction. */
    private readonly events: EventBus | null = null,
  ) {}

  /** GET /api/homes: the caller's live memberships; `current` is the one used when a request names none. */
  async list(userId: string): Promise<HomeSummary[]> {
    const rows = await this.db
      .select({ home: homes, member: homeMembers })
      .from(homeMembers)
      .innerJoin(homes, eq(homes.id, homeMembers.homeId))
      .where(and(eq(homeMembers.userId, userId), live(this.now())))
      .orderBy(sql`${homeMembers.chosenAt} desc nulls last`, asc(homeMembers.createdAt));
    return rows.map(({ home, member }, index) => ({
      _id: home.id,
      name: home.name,
      time_zone: home.timeZone,
      role: member.role,
      ends_at: member.endsAt?.toISOString() ?? null,
      current: index === 0,
    }));
  }

  /** POST /api/homes: a new home in its time zone, the caller its owner; it becomes their current one. */
  async create(userId: string, body: NewHomeBody, context: AuditContext): Promise<HomeSummary[]> {
    await this.db.transaction(async (tx) => {
      const [home] = await tx
        .insert(homes)
        .values({ name: body.name, ...(body.time_zone ? { timeZone: body.time_zone } : {}) })
        .returning();
      await tx.insert(homeMembers).values({ homeId: home!.id, userId, role: 'owner', chosenAt: this.now() });
      await this.audit.record(tx, context, {
        action: 'home.created',
        entity: { type: 'home', id: home!.id, name: home!.name },
        changes: { time_zone: { before: null, after: home!.timeZone } },
      });
    });
    return this.list(userId);
  }

  /** The home row, locked for the change (a device added meanwhile waits for it: its key share conflicts). */
  private async lockedHome(tx: Tx, homeId: string) {
    const [home] = await tx.select().from(homes).where(eq(homes.id, homeId)).for('update');
    if (!home) throw notFound(HOMES_MESSAGES.notFound);
    return home;
  }

  /**
   * PATCH /api/homes/:id: a new name and/or time zone (the home's owners). A new time zone is announced in the
   * transaction, so the home's schedules move to the new clock with it (issue 33).
   */
  async update(userId: string, homeId: string, body: UpdateHomeBody, context: AuditContext) {
    await this.db.transaction(async (tx) => {
      await this.requireMay(tx, userId, homeId, 'home.manage');
      const home = await this.lockedHome(tx, homeId);
      const next = { name: body.name ?? home.name, timeZone: body.time_zone ?? home.timeZone };
      const changes: Record<string, AuditChange> = {};
      if (next.name !== home.name) changes.name = { before: home.name, after: next.name };
      if (next.timeZone !== home.timeZone)
        changes.time_zone = { before: home.timeZone, after: next.timeZone };
      if (Object.keys(changes).length === 0) return;
      await tx
        .update(homes)
        .set({ ...next, updatedAt: this.now() })
        .where(eq(homes.id, homeId));
      await this.audit.record(tx, context, {
        action: 'home.changed',
        entity: { type: 'home', id: homeId, name: next.name },
        changes,
      });
      if (changes.time_zone) {
        await this.events?.publish('home.time_zone_changed', { tx, homeId, timeZone: next.timeZone });
      }
    });
    return this.list(userId);
  }

  /**
   * DELETE /api/homes/:id (the home's owners): refused while it has devices (move or remove them first) or
   * installation records (an electrician's signed work); its rooms, automations, members and invitations go
   * with it. The caller's other homes stay; the one they chose last becomes current.
   */
  async remove(userId: string, homeId: string, context: AuditContext): Promise<HomeSummary[]> {
    await this.db.transaction(async (tx) => {
      await this.requireMay(tx, userId, homeId, 'home.manage');
      const home = await this.lockedHome(tx, homeId);
      const [device] = await tx
        .select({ id: devices.id })
        .from(devices)
        .where(eq(devices.homeId, homeId))
        .limit(1);
      if (device) throw conflict(HOMES_MESSAGES.hasDevices);
      const [installation] = await tx
        .select({ id: installations.id })
        .from(installations)
        .where(eq(installations.homeId, homeId))
        .limit(1);
      if (installation) throw conflict(HOMES_MESSAGES.hasInstallations);
      await tx.delete(homes).where(eq(homes.id, homeId));
      await this.audit.record(tx, context, {
        action: 'home.deleted',
        entity: { type: 'home', id: homeId, name: home.name },
        changes: { name: { before: home.name, after: null } },
      });
    });
    return this.list(userId);
  }

  /** POST /api/homes/:id/switch: remembers the home as the caller's current one (404 when not theirs). */
  async switchTo(userId: string, homeId: string): Promise<HomeSummary[]> {
    const updated = await this.db
      .update(homeMembers)
      .set({ chosenAt: this.now() })
      .where(and(eq(homeMembers.homeId, homeId), eq(homeMembers.userId, userId), live(this.now())))
      .returning({ id: homeMembers.id });
    if (updated.length === 0) throw notFound(HOMES_MESSAGES.notFound);
    return this.list(userId);
  }

  /**
   * The caller's live membership of `homeId` with a role that may do `action` (HOME_PERMISSIONS); 404 for a
   * non-member, 403 for a role without it. The auth hook checked it already (`homeIn: 'path'`); this is the
   * same rule inside the change's transaction.
   */
  private async requireMay(db: Db | Tx, userId: string, homeId: string, action: HomeAction) {
    const [row] = await db
      .select({ member: homeMembers, homeName: homes.name })
      .from(homeMembers)
      .innerJoin(homes, eq(homes.id, homeMembers.homeId))
      .where(and(eq(homeMembers.homeId, homeId), eq(homeMembers.userId, userId), live(this.now())));
    if (!row) throw notFound(HOMES_MESSAGES.notFound);
    if (!homeRoleMay(row.member.role, action)) throw forbidden(HOMES_MESSAGES.notAllowed);
    return row;
  }

  /** GET /api/homes/:id/members: who has access (live or not yet ended) and the invitations still open. */
  async members(userId: string, homeId: string): Promise<HomeMembers> {
    await this.requireMay(this.db, userId, homeId, 'members.manage');
    const people = await this.db
      .select({ member: homeMembers, name: users.name, email: users.email })
      .from(homeMembers)
      .innerJoin(users, eq(users.id, homeMembers.userId))
      .where(and(eq(homeMembers.homeId, homeId), live(this.now())))
      .orderBy(asc(homeMembers.createdAt));
    const open = await this.db
      .select()
      .from(homeInvitations)
      .where(
        and(
          eq(homeInvitations.homeId, homeId),
          isNull(homeInvitations.usedAt),
          gt(homeInvitations.expiresAt, this.now()),
        ),
      )
      .orderBy(desc(homeInvitations.createdAt));
    return {
      members: people.map(({ member, name, email }) => ({
        _id: member.id,
        user_id: member.userId,
        name,
        email,
        role: member.role,
        rooms: member.rooms,
        ends_at: member.endsAt?.toISOString() ?? null,
        created_at: member.createdAt.toISOString(),
      })),
      invitations: open.map((i) => ({
        _id: i.id,
        email: i.email,
        role: i.role,
        expires_at: i.expiresAt.toISOString(),
      })),
    };
  }

  /** A role's terms: a guest needs rooms of this home and an end time to come; other roles have neither. */
  private async termsOf(db: Db | Tx, homeId: string, body: ChangeMemberBody) {
    if (body.role !== 'guest') return { role: body.role, rooms: [] as string[], endsAt: null };
    const endsAt = body.ends_at ? new Date(body.ends_at) : null;
    if (endsAt === null || endsAt <= this.now()) {
      throw badRequest(HOMES_MESSAGES.guestNeedsEnd, [
        { path: 'ends_at', message: HOMES_MESSAGES.guestNeedsEnd },
      ]);
    }
    const wanted = [...new Set(body.rooms ?? [])];
    const found =
      wanted.length === 0
        ? []
        : await db
            .select({ id: rooms.id })
            .from(rooms)
            .where(and(eq(rooms.homeId, homeId), inArray(rooms.id, wanted)));
    if (found.length === 0 || found.length !== wanted.length) {
      throw badRequest(HOMES_MESSAGES.guestNeedsRooms, [
        { path: 'rooms', message: HOMES_MESSAGES.guestNeedsRooms },
      ]);
    }
    return { role: body.role, rooms: wanted, endsAt };
  }

  /** POST /api/homes/:id/invitations: a single-use link by e-mail (the outbox), in one transaction. */
  async invite(userId: string, homeId: string, body: InviteMemberBody, context: AuditContext) {
    const email = body.email.trim().toLowerCase();
    return this.db.transaction(async (tx) => {
      const { homeName } = await this.requireMay(tx, userId, homeId, 'members.manage');
      const terms = await this.termsOf(tx, homeId, body);
      const [already] = await tx
        .select({ id: homeMembers.id })
        .from(homeMembers)
        .innerJoin(users, eq(users.id, homeMembers.userId))
        .where(and(eq(homeMembers.homeId, homeId), eq(users.email, email), live(this.now())));
      if (already) throw conflict(HOMES_MESSAGES.alreadyMember);
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(this.now().getTime() + HOME_INVITATION_TTL_HOURS * 3_600_000);
      const [row] = await tx
        .insert(homeInvitations)
        .values({ homeId, email, ...terms, invitedBy: userId, tokenHash: sha256(token), expiresAt })
        .returning();
      const inviter = context.actor?.name ?? 'Someone';
      await this.audit.record(tx, context, {
        action: 'home.member_invited',
        entity: { type: 'home', id: homeId, name: homeName },
        changes: { email: { before: null, after: email }, role: { before: null, after: terms.role } },
      });
      await this.mail.enqueue(tx, {
        kind: 'home_invitation',
        to: email,
        data: {
          homeName,
          invitedBy: inviter,
          role: HOME_ROLE_LABELS[terms.role].toLowerCase(),
          link: `${this.options.webOrigin}/home-invite/${token}`,
          expiresAt,
        },
      });
      return { _id: row!.id, email, role: terms.role, expires_at: expiresAt.toISOString() };
    });
  }

  /** DELETE /api/homes/:id/invitations/:invitationId: the link stops working. */
  async revokeInvitation(userId: string, homeId: string, invitationId: string, context: AuditContext) {
    await this.db.transaction(async (tx) => {
      const { homeName } = await this.requireMay(tx, userId, homeId, 'members.manage');
      const gone = await tx
        .delete(homeInvitations)
        .where(and(eq(homeInvitations.id, invitationId), eq(homeInvitations.homeId, homeId)))
        .returning({ email: homeInvitations.email });
      if (gone.length === 0) throw notFound(HOMES_MESSAGES.invitationInvalid);
      await this.audit.record(tx, context, {
        action: 'home.invitation_revoked',
        entity: { type: 'home', id: homeId, name: homeName },
        changes: { email: { before: gone[0]!.email, after: null } },
      });
    });
  }

  /** A home member row of `homeId` (any state), locked; 404 when there is none. */
  private async memberRow(tx: Tx, homeId: string, memberId: string): Promise<HomeMemberRow> {
    const [row] = await tx
      .select()
      .from(homeMembers)
      .where(and(eq(homeMembers.id, memberId), eq(homeMembers.homeId, homeId)))
      .for('update');
    if (!row) throw notFound(HOMES_MESSAGES.memberNotFound);
    return row;
  }

  /** Refuses a change that would leave the home without a live owner. */
  private async keepAnOwner(tx: Tx, homeId: string, leaving: HomeMemberRow) {
    if (leaving.role !== 'owner') return;
    const [other] = await tx
      .select({ id: homeMembers.id })
      .from(homeMembers)
      .where(
        and(
          eq(homeMembers.homeId, homeId),
          eq(homeMembers.role, 'owner'),
          ne(homeMembers.id, leaving.id),
          live(this.now()),
        ),
      )
      .limit(1);
    if (!other) throw conflict(HOMES_MESSAGES.lastOwner);
  }

  /** PUT /api/homes/:id/members/:memberId: another role (a guest: rooms and end time). */
  async changeMember(
    userId: string,
    homeId: string,
    memberId: string,
    body: ChangeMemberBody,
    context: AuditContext,
  ) {
    const changed = await this.db.transaction(async (tx) => {
      const { homeName } = await this.requireMay(tx, userId, homeId, 'members.manage');
      const row = await this.memberRow(tx, homeId, memberId);
      const terms = await this.termsOf(tx, homeId, body);
      if (terms.role !== 'owner') await this.keepAnOwner(tx, homeId, row);
      await tx.update(homeMembers).set(terms).where(eq(homeMembers.id, row.id));
      await this.audit.record(tx, context, {
        action: 'home.member_changed',
        entity: { type: 'home', id: homeId, name: homeName },
        changes: {
          role: { before: row.role, after: terms.role },
          member: { before: row.userId, after: row.userId },
        },
      });
      return row.userId;
    });
    this.accessChanged(homeId, changed);
    return this.members(userId, homeId);
  }

  /**
   * DELETE /api/homes/:id/members/:memberId: ends access at once (the membership goes; every read of the home
   * joins it, so the member's next request — web or voice — reaches nothing of it). Their sessions stay: their
   * other homes keep working.
   */
  async endAccess(userId: string, homeId: string, memberId: string, context: AuditContext) {
    const ended = await this.db.transaction(async (tx) => {
      const { homeName } = await this.requireMay(tx, userId, homeId, 'members.manage');
      const row = await this.memberRow(tx, homeId, memberId);
      await this.keepAnOwner(tx, homeId, row);
      await tx.delete(homeMembers).where(eq(homeMembers.id, row.id));
      await this.audit.record(tx, context, {
        action: 'home.member_removed',
        entity: { type: 'home', id: homeId, name: homeName },
        changes: { member: { before: row.userId, after: null }, role: { before: row.role, after: null } },
      });
      return row.userId;
    });
    this.accessChanged(homeId, ended);
  }

  /** After commit: the person's voice assistants are asked to sync (the devices they reach changed). */
  private accessChanged(homeId: string, userId: string): void {
    this.events?.announce('home.access_changed', { homeId, userId });
  }

  /** The invitation of a link: 404 unknown, 410 used or expired. */
  private async invitation(db: Db | Tx, token: string) {
    const [row] = await db
      .select({ invitation: homeInvitations, homeName: homes.name, inviter: users.name })
      .from(homeInvitations)
      .innerJoin(homes, eq(homes.id, homeInvitations.homeId))
      .leftJoin(users, eq(users.id, homeInvitations.invitedBy))
      .where(eq(homeInvitations.tokenHash, sha256(token)));
    if (!row) throw notFound(HOMES_MESSAGES.invitationInvalid);
    if (row.invitation.usedAt) throw new HttpError(410, 'invitation_used', HOMES_MESSAGES.invitationUsed);
    if (row.invitation.expiresAt <= this.now()) {
      throw new HttpError(410, 'invitation_expired', HOMES_MESSAGES.invitationExpired);
    }
    return row;
  }

  /** GET /api/home-invitations/:token: what the link offers, and whether the e-mail has an account. */
  async viewInvitation(token: string): Promise<HomeInvitation> {
    const { invitation, homeName, inviter } = await this.invitation(this.db, token);
    const [account] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, invitation.email));
    return {
      home_name: homeName,
      invited_by: inviter ?? 'Someone',
      email: invitation.email,
      role: invitation.role,
      expires_at: invitation.expiresAt.toISOString(),
      has_account: account !== undefined,
    };
  }

  /** Uses the link once (a conditional update) and adds the membership, current for the person. */
  private async join(tx: Tx, token: string, person: { id: string; name: string }, context: AuditContext) {
    const { invitation, homeName } = await this.invitation(tx, token);
    const used = await tx
      .update(homeInvitations)
      .set({ usedAt: this.now() })
      .where(and(eq(homeInvitations.id, invitation.id), isNull(homeInvitations.usedAt)))
      .returning({ id: homeInvitations.id });
    if (used.length === 0) throw new HttpError(410, 'invitation_used', HOMES_MESSAGES.invitationUsed);
    // A membership of the same person that ended (a guest's) makes way for the new one.
    await tx
      .delete(homeMembers)
      .where(and(eq(homeMembers.homeId, invitation.homeId), eq(homeMembers.userId, person.id)));
    await tx.insert(homeMembers).values({
      homeId: invitation.homeId,
      userId: person.id,
      role: invitation.role,
      rooms: invitation.rooms,
      endsAt: invitation.endsAt,
      invitedBy: invitation.invitedBy,
      chosenAt: this.now(),
    });
    await this.audit.record(
      tx,
      { ...context, actor: { id: person.id, name: person.name, role: ROLE.owner } },
      {
        action: 'home.member_joined',
        entity: { type: 'home', id: invitation.homeId, name: homeName },
        changes: { role: { before: null, after: invitation.role } },
      },
    );
    return { email: invitation.email, home_id: invitation.homeId };
  }

  /** POST /api/home-invitations/:token/accept: a signed-in person whose e-mail the link was sent to joins. */
  async accept(token: string, caller: { id: string; name: string; email: string }, context: AuditContext) {
    const joined = await this.db.transaction(async (tx) => {
      const { invitation } = await this.invitation(tx, token);
      if (invitation.email !== caller.email.toLowerCase())
        throw forbidden(HOMES_MESSAGES.invitationOtherEmail);
      return this.join(tx, token, caller, context);
    });
    this.accessChanged(joined.home_id, caller.id);
    return joined;
  }

  /** POST /api/home-invitations/:token/sign-up: an account for the invited e-mail, then the membership. */
  async signUp(
    token: string,
    body: { name: string; password: string; language?: Language },
    context: AuditContext,
  ) {
    const passwordHash = await hashPassword(body.password);
    try {
      return await this.db.transaction(async (tx) => {
        const { invitation } = await this.invitation(tx, token);
        const created = await createUserUnlessTaken(tx, {
          name: body.name,
          email: invitation.email,
          username: usernameFor(invitation.email),
          passwordHash,
          role: ROLE.owner,
          language: body.language ?? null,
        });
        if (!created) throw conflict(HOMES_MESSAGES.accountExists);
        return this.join(tx, token, created, context);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(HOMES_MESSAGES.accountExists);
      throw error;
    }
  }

  /**
   * GET /api/homes/:id/activity: what happened in the home, newest first — its devices' commands and changes,
   * its rooms, its members — each with who did it and how ("Asha turned on Living Room Purifier via Google
   * Home"). The home's owners only.
   */
  async activity(userId: string, homeId: string, limit = 50): Promise<HomeActivity[]> {
    await this.requireMay(this.db, userId, homeId, 'members.manage');
    const ofHome = or(
      and(
        eq(auditLog.entityType, 'device'),
        inArray(
          auditLog.entityId,
          this.db.select({ id: devices.id }).from(devices).where(eq(devices.homeId, homeId)),
        ),
      ),
      and(
        eq(auditLog.entityType, 'room'),
        inArray(
          auditLog.entityId,
          this.db.select({ id: rooms.id }).from(rooms).where(eq(rooms.homeId, homeId)),
        ),
      ),
      and(eq(auditLog.entityType, 'home'), eq(auditLog.entityId, homeId)),
    );
    const rows = await this.db
      .select()
      .from(auditLog)
      .where(ofHome)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(limit);
    return rows.map((row) => ({
      _id: row.id,
      at: row.at.toISOString(),
      actor: row.actorName,
      action: row.action,
      entity_name: row.entityName,
      channel: row.channel,
      text: activityText(row),
    }));
  }

  /** The role of a person in a home now (live), or null. */
  async roleOf(userId: string, homeId: string): Promise<HomeRole | null> {
    const [row] = await this.db
      .select({ role: homeMembers.role })
      .from(homeMembers)
      .where(and(eq(homeMembers.homeId, homeId), eq(homeMembers.userId, userId), live(this.now())));
    return row?.role ?? null;
  }
}
