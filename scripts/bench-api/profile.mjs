// `npm run bench:api -- --profile-summary FILE.cpuprofile [N]`: where a CPU profile's time went.
import { readFileSync } from 'node:fs';

/** Where a profiled function lives: its npm package, node: module, or path in the repository. */
function codeOwner(url) {
  if (!url) return '(native / V8)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const local = /\/(apps\/[^/]+\/src\/.*|packages\/[^/]+\/.*|scripts\/.*)$/.exec(url);
  return local ? local[1] : url;
}

/** Self time of a .cpuprofile by package and by function, and inclusive time by package (idle left out). */
export function summarizeProfile(file, top) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const byPackage = new Map();
  const byFunction = new Map();
  const inclusive = new Map();
  let busy = 0;
  const add = (map, key, t) => map.set(key, (map.get(key) ?? 0) + t);
  for (const [id, t] of self) {
    const frame = nodes.get(id).callFrame;
    if (frame.functionName === '(idle)' || frame.functionName === '(program)') continue;
    busy += t;
    add(byPackage, codeOwner(frame.url), t);
    add(
      byFunction,
      `${frame.functionName || '(anonymous)'} ${codeOwner(frame.url)}:${frame.lineNumber + 1}`,
      t,
    );
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const owner = codeOwner(nodes.get(at).callFrame.url);
      if (!seen.has(owner)) {
        seen.add(owner);
        add(inclusive, owner, t);
      }
    }
  }
  const print = (title, map, n) => {
    console.log(`\n${title}`);
    for (const [key, t] of [...map].sort((x, y) => y[1] - x[1]).slice(0, n))
      console.log(`${((100 * t) / busy).toFixed(1).padStart(6)}%  ${key}`);
  };
  console.log(`${file}: ${(busy / 1e6).toFixed(1)} s of samples outside (idle) and (program)`);
  print('Self time by package', byPackage, 25);
  print('Inclusive time by package (any frame of it on the stack)', inclusive, 25);
  print('Self time by function', byFunction, top);
}
