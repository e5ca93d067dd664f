// `npm run bench:devices`: the device plane under load (issue 13), on PostgreSQL.
//
// A child process (this file with `--serve`, under tsx) migrates a fresh database, builds the real API with
// the device plane (embedded aedes broker on a free port) and provisions N ISAAC / SKYWALKER / Lumos devices
// for one owner with credentials. The parent is the load generator: it connects N simulated devices (the
// real protocol, apps/server/src/simulator/device.ts), then measures, one after the other:
// - the floor: a bare aedes broker in this process, a ping → pong round trip at 100 msg/s (no auth, no API);
// - command round trips at 100/s: HTTP toggle → MQTT command → device ack → HTTP answer (p50/p99, errors);
// - ingest at every device reporting every 10 s for the duration, then at saturation (each device sends its
//   readings back to back): readings stored (counted in SQL: zero loss) and messages stored per second;
// - the API process's CPU and RSS.
// Options: --sizes 1000,10000 (devices), --duration 10 (s per row), --brokers embedded,mosquitto (the embedded
// aedes broker, and/or Mosquitto as the external broker: BENCH_MQTT_URL, else a private one with set_tcp_nodelay true,
// else the machine's at 1883; the
// broker: then the floor is a round trip through Mosquitto). Env: BENCH_PG_URL. Writes the
// '## Device plane (bench:devices)' section of docs/benchmarks.md (--no-write: print only). BENCH_PROFILE_DIR: a CPU
// profile of the API process while the commands are measured. --processes 1,2 (issue 28): each external-broker
// row once per count of API processes on the same database and broker, in one shared-subscription group (the
// commands alternate between the processes; readings are counted in SQL, so a duplicate shows as stored > sent).
// The parts live in scripts/bench-devices/: the API process (api.mjs), the brokers (brokers.mjs), the load
// generator (main.mjs), issue 27's rows (untrusted.mjs) and the report (report.mjs).
// --automations (issue 33): homes with automations instead of these rows (scripts/bench-devices/automations.mjs).
import { serve } from './bench-devices/api.mjs';
import { automationsMain } from './bench-devices/automations.mjs';
import { main } from './bench-devices/main.mjs';

if (process.argv.includes('--serve')) await serve();
else if (process.argv.includes('--automations')) await automationsMain();
else await main();
