import { type AddressInfo, createServer } from 'node:net';

/**
 * A port nobody listens on at the moment, given by the system, for a server a test starts as a child
 * process. A port picked by hand (or at random) may be the one another test's stand-in listens on, and
 * a readiness check would then wait on that stand-in's answer.
 */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', resolve);
  });
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
