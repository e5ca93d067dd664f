// `npm run dev`: API with reload (tsx watch) on API_PORT and the web with Vite HMR on PORT.
import { spawn } from 'node:child_process';

const env = { DEMO: 'true', SERVE_WEB: 'false', ...process.env };
const children = [
  spawn('npx', ['tsx', 'watch', 'src/server.ts'], { cwd: 'apps/server', stdio: 'inherit', env }),
  spawn('npx', ['react-router', 'dev', '--port', env.PORT ?? '3000'], { cwd: 'apps/web', stdio: 'inherit', env }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', (code) => { if (code) { stop(); process.exitCode = code; } }));
