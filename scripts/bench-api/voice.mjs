// The voice area of `npm run bench:api -- --voice` (issue 12): Google Home fulfillment, QUERY and EXECUTE with
// the OAuth access tokens of linked owners (VOICE_DEVICES_PER_OWNER devices each) at a fixed rate on PostgreSQL,
// the devices table grown to each size.
import { fmt, SPREAD_SESSIONS } from './shared.mjs';

/** Voice mode (issue 12): owners with 20 devices each, linked to a Google client; QUERY and EXECUTE bodies per owner. */
const VOICE_DEVICES_PER_OWNER = 20;
const VOICE_TOKENS = 50;
const TARGET_VOICE_P99_MS = 100;
const VOICE_TARGETS = [
  ['POST /api/voice/google QUERY', '/api/voice/google', 'query'],
  ['POST /api/voice/google EXECUTE', '/api/voice/google', 'execute'],
];
const VOICE_ENDPOINTS = VOICE_TARGETS.map(([name]) => name);

/** The voice mode as the parent runs it. */
export const voiceMode = {
  name: 'voice',
  subsection: '### Voice fulfillment (Google Home)',
  defaultRate: '200',
  defaultSizes: '20000,200000',
  only: 'postgres',
  seed: 'seedVoice',
  sample: (child) => child.call('voiceTokens', { count: VOICE_TOKENS }),
  explain: 'explainVoice',
  endpoints: (port) =>
    VOICE_TARGETS.map(([name, path, bodyKey]) => ({ name, port, path, auth: true, method: 'POST', bodyKey })),
  targetEndpoints: VOICE_ENDPOINTS,
  targetP99: TARGET_VOICE_P99_MS,
  dataset: ({ rate }) => [
    `Dataset: owners with ${VOICE_DEVICES_PER_OWNER} devices each (ISAAC, two-gang Lumos, SKYWALKER; a tenth offline), the devices`,
    `table grown to each size; ${VOICE_TOKENS} owners linked to a Google client through the OAuth model (real opaque access`,
    "tokens). Requests rotate over them: QUERY asks for 5 of the owner's endpoints, EXECUTE turns the owner's first online",
    'purifier on (a real command: row lock, desired state, device activity and activity-log rows, in one transaction).',
    `Targets: p99 ≤ ${TARGET_VOICE_P99_MS} ms at ${fmt(rate)} req/s on PostgreSQL for QUERY and EXECUTE (Google asks for ≤ 1,000 ms end`,
    'to end on air purifiers and ≤ 700 ms on switches).',
  ],
};

/** The child's voice commands: grow the dataset, link owners to a Google client, EXPLAIN a QUERY and an EXECUTE. */
export function voiceCommands({ app, exec, state, capturing, explainSteps }) {
  return {
    /**
     * Voice mode: owners with VOICE_DEVICES_PER_OWNER devices each, grown to `devices` devices (owner o:
     * md5('bench-voice-owner-' || o); device k of 20: ISAAC when k % 4 is 1 or 0, a two-gang Lumos at 2, a
     * SKYWALKER at 3; every tenth offline).
     */
    async seedVoice({ devices: targetDevices }) {
      const started = Date.now();
      const oid = (o) => `md5('bench-voice-owner-' || ${o})::uuid::text`;
      const targetOwners = Math.ceil(targetDevices / VOICE_DEVICES_PER_OWNER);
      await exec(
        `INSERT INTO users (id, name, email, username, password_hash, role, created_at, updated_at)
         SELECT ${oid('o')}, 'Voice Owner ' || o, 'voice' || o || '@bench.isaac', 'bench-voice-' || o,
                '$argon2id$v=19$m=19456,t=2,p=1$bench$none', 2, now() - interval '200 days', now()
         FROM generate_series($1::int + 1, $2::int) AS o`,
        [state.owners, targetOwners],
      );
      await exec(
        `INSERT INTO devices (id, name, model, serial_number, type, user_id, is_connected, power_on, fan_speed,
                              gang_count, gang_states, created_at, updated_at)
         SELECT md5('bench-voice-device-' || o || '-' || k)::uuid::text, 'Device ' || k,
                CASE k % 4 WHEN 2 THEN 'Lumos 2-Gang' WHEN 3 THEN 'SKYWALKER' ELSE 'ISAAC Air Purifier' END,
                'VOX-' || o || '-' || k,
                CASE k % 4 WHEN 2 THEN 'lumos' WHEN 3 THEN 'skywalker' ELSE 'isaac' END,
                ${oid('o')}, k % 10 <> 0, false,
                CASE WHEN k % 4 IN (0, 1) THEN 'medium' END,
                CASE k % 4 WHEN 2 THEN 2 ELSE 0 END,
                CASE k % 4 WHEN 2 THEN '[false, false]'::jsonb ELSE '[]'::jsonb END,
                now() - make_interval(secs => o * 60 + k), now()
         FROM generate_series($1::int + 1, $2::int) AS o, generate_series(1, $3::int) AS k`,
        [state.owners, targetOwners, VOICE_DEVICES_PER_OWNER],
      );
      state.owners = Math.max(state.owners, targetOwners);
      await exec('VACUUM ANALYZE');
      await exec('CHECKPOINT');
      const [counts] = await exec(
        'SELECT (SELECT count(*) FROM devices)::int AS devices, (SELECT count(*) FROM users)::int AS owners',
      );
      return { ...counts, ms: Date.now() - started };
    },

    /**
     * Voice mode: a Google client, `count` owners linked to it through the OAuth model (real opaque access
     * tokens), a session each (for the floor), and each owner's QUERY and EXECUTE bodies.
     */
    async voiceTokens({ count }) {
      const { modelClient } = await import('../../apps/server/src/modules/oauth/model.ts');
      const context = { actor: null, channel: 'system', ip: null, userAgent: null, requestId: null };
      const registered = await app.services.oauth.createClient(
        {
          name: 'Google Home (bench)',
          redirect_uris: ['https://oauth-redirect.googleusercontent.com/r/bench'],
          public: false,
        },
        context,
      );
      const [clientRow] = await exec('SELECT * FROM oauth_clients WHERE id = $1', [registered.client._id]);
      const client = modelClient({
        ...clientRow,
        redirectUris: clientRow.redirect_uris,
        secretHash: clientRow.secret_hash,
        clientId: clientRow.client_id,
      });
      const tokens = [];
      const sessionIds = [];
      const query = [];
      const execute = [];
      for (let o = 1; o <= count; o += 1) {
        const [user] = await exec(
          `SELECT id, name, role FROM users WHERE id = md5('bench-voice-owner-' || $1::int)::uuid::text`,
          [o],
        );
        const accessToken = await app.services.oauth.model.generateAccessToken();
        await app.services.oauth.model.saveToken(
          {
            accessToken,
            refreshToken: await app.services.oauth.model.generateRefreshToken(),
            scope: ['devices'],
          },
          client,
          { id: user.id, name: user.name, role: user.role },
        );
        tokens.push(accessToken);
        const session = await app.sessions.create(user.id, { userAgent: 'bench-api', ip: '127.0.0.1' });
        sessionIds.push(session.id);
        const ids = await exec(
          `SELECT id, type, is_connected FROM devices WHERE user_id = $1 ORDER BY created_at, id`,
          [user.id],
        );
        const endpoints = ids.flatMap((d) => (d.type === 'lumos' ? [`${d.id}:g0`, `${d.id}:g1`] : [d.id]));
        query.push(
          JSON.stringify({
            requestId: `bench-q-${o}`,
            inputs: [
              {
                intent: 'action.devices.QUERY',
                payload: { devices: endpoints.slice(0, 5).map((id) => ({ id })) },
              },
            ],
          }),
        );
        // The owner's first online ISAAC (every owner has online ones: k % 4 = 1, k % 10 <> 0).
        execute.push(
          JSON.stringify({
            requestId: `bench-e-${o}`,
            inputs: [
              {
                intent: 'action.devices.EXECUTE',
                payload: {
                  commands: [
                    {
                      devices: [{ id: ids.find((d) => d.type === 'isaac' && d.is_connected).id }],
                      execution: [{ command: 'action.devices.commands.OnOff', params: { on: true } }],
                    },
                  ],
                },
              },
            ],
          }),
        );
      }
      await exec(SPREAD_SESSIONS);
      return { tokens, sessionIds, query, execute };
    },

    /** Voice mode: EXPLAIN ANALYZE of the SQL a QUERY and an EXECUTE send for one linked owner. */
    async explainVoice({ sample }) {
      const { captured, logged } = capturing();
      const now = () => new Date();
      const { AuditLog } = await import('../../apps/server/src/modules/audit/audit-log.ts');
      const { DeviceCommandService } =
        await import('../../apps/server/src/modules/device-commands/service.ts');
      const { VoiceService } = await import('../../apps/server/src/modules/voice/service.ts');
      const { OAuthService } = await import('../../apps/server/src/modules/oauth/service.ts');
      const audit = new AuditLog(logged, now);
      const oauth = new OAuthService(logged, audit, now);
      const voice = new VoiceService(
        logged,
        oauth,
        new DeviceCommandService(logged, audit, now),
        now,
        app.log,
      );
      const meta = { ip: null, requestId: null };
      const steps = [
        [VOICE_ENDPOINTS[0], () => voice.google(sample.tokens[0], JSON.parse(sample.query[0]), meta)],
        [VOICE_ENDPOINTS[1], () => voice.google(sample.tokens[0], JSON.parse(sample.execute[0]), meta)],
      ];
      return { plans: await explainSteps(steps, captured, true) };
    },
  };
}
