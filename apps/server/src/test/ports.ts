/** Test helpers: a free port for a server a test starts itself (imported by *.test.ts only). */
import { createServer } from 'node:net';

/** A free TCP port on the loopback interface (the system picks it; closed again before it is handed out). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
