// `npm run bench:api`: the owner API under load, on PostgreSQL and on embedded PGlite.
//
// For each database: a child process (this file with `--serve`, under tsx) migrates a fresh database,
// builds the real API with buildApp (apps/server/src/app.ts) and a bare Fastify app (GET /bare → {ok:true})
// on free ports. The parent seeds the dataset through the child (generate_series, owners with 5 devices and
// 2 rooms each, plus firmware), mints tokens (real sessions + JWTs) for a sample of owners, then drives
// GET /bare, the floor, /auth/current-user, /api/dashboard, /api/devices and /api/rooms (HTTP load from the parent),
// rotating the owner token on every request. It repeats at each table size (the sampled owners are the
// same, only the table grows) and writes one subsection of the '## API (HTTP load)' section of
// docs/benchmarks.md.
//
// Two modes, each writing its own subsection:
// - fixed rate (default): --rate req/s offered, latencies (p50/p99) against the latency target; also
//   EXPLAIN ANALYZEs the exact SQL the services send (captured through a Drizzle logger).
// - saturation (--saturate): as fast as the connections go; throughput of each endpoint as a ratio to
//   the floor measured in the same run, right before it.
// The floor is the least any authenticated request costs: a bare Fastify app with a node-postgres pool
// of the API's size doing the session lookup's primary-key read (sessions joined with users by id) as a
// named prepared statement, no JWT, no plugins. On PostgreSQL it runs in its own process (this file with
// `--floor`, plain Node), so the API process is idle while it is measured; on PGlite (one connection,
// in-process, its data directory locked by the API process) it is a route of the bare app in the API
// process reading the same PGlite instance.
//
// - admin (--admin): the admin endpoints (users search, devices list with a filter, dashboard, activity
//   page) at a fixed rate (default 500 req/s) on PostgreSQL, with ADMIN_USERS owners, the device table grown
//   to each size (default 100,000 and 1,000,000) and ADMIN_AUDIT_ROWS activity entries; EXPLAIN ANALYZE of the
//   admin services' SQL. Writes its own '### Admin queries' subsection.
//
// - voice (--voice): Google Home fulfillment (issue 12): POST /api/voice/google QUERY and EXECUTE with the OAuth
//   access tokens of linked owners (VOICE_DEVICES_PER_OWNER devices each) at a fixed rate (default 200 req/s) on
//   PostgreSQL, the devices table grown to each size. Writes its own '### Voice fulfillment' subsection.
//
// The parts live in scripts/bench-api/: main.mjs (the parent), load.mjs (a row's load, the children),
// server.mjs (the API child and the floor), owner.mjs, admin.mjs, electrician.mjs, voice.mjs (each area's
// dataset, callers, endpoints, targets and EXPLAIN), report.mjs (the report), shared.mjs, profile.mjs.
//
// Options: --saturate; --admin; --voice; --rate N (req/s, default 1000; ignored with --saturate), --duration S (default 10),
//          --connections N (default 20), --sizes 10000,100000, --only postgres|pglite,
//          --endpoints current-user,devices (substrings of the endpoint names to run; the floor always runs),
//          --rounds N (repeat the floor + endpoints sequence N times, back to back; the report takes each
//          endpoint's median round), --keep (keep the isaac_bench database), --no-write.
//          --profile-summary FILE.cpuprofile [N]: print self time by package and the top N functions of a
//          CPU profile (e.g. one written with BENCH_NODE_ARGS=--cpu-prof), then exit.
// Env: BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres: where the bench database is created);
//      BENCH_DB_NAME: that database's name (default isaac_bench; it is dropped and created again);
//      BENCH_NODE_ARGS: extra Node flags for the API process, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof' or '--trace-gc';
//      BENCH_PROFILE_DIR: write a CPU profile of each measured row (API or floor process, that row's window only);
//      BENCH_EXPLAIN_FILE: append each explained query's SQL, parameters and whole plan to this file.
import { main } from './bench-api/main.mjs';
import { summarizeProfile } from './bench-api/profile.mjs';
import { floorSetup, serveSetup } from './bench-api/server.mjs';
import { option, serve } from './bench-api/shared.mjs';

if (process.argv.includes('--profile-summary')) {
  summarizeProfile(
    option('profile-summary', ''),
    Number(process.argv[process.argv.indexOf('--profile-summary') + 2] ?? 40),
  );
} else if (process.argv.includes('--serve')) {
  await serve(serveSetup);
} else if (process.argv.includes('--floor')) {
  await serve(floorSetup);
} else {
  await main();
}
