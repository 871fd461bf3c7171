// A port found free is free only until someone listens on it: the suite's two clouds start at once, and
// one took a port the other had picked for its gateway (a clean-clone CI run failed so). A start that
// finds its port taken is tried again on new ports.
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, expect, it } from 'vitest';
import { startCloudProcess, type CloudProcess } from '../../infra/local/cloud-process.ts';
import { freePort } from '../../infra/local/free-port.ts';
import { cloudEnv, THROWAWAY_DATABASE } from '../setup/global-setup.ts';

const squatter = createServer();
let cloud: CloudProcess | undefined;
afterAll(async () => {
  await cloud?.stop();
  squatter.close();
});

it('starts again on new ports when a port it picked was taken before it listened', async () => {
  await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', resolve));
  const taken = (squatter.address() as AddressInfo).port;
  const picked: number[] = [];
  cloud = await startCloudProcess({
    env: { ...cloudEnv(), ...THROWAWAY_DATABASE },
    dataDirPrefix: 'bpw-port-taken-',
    pickPort: async () => {
      const port = picked.length === 0 ? taken : await freePort();
      picked.push(port);
      return port;
    },
  });
  expect(picked).toHaveLength(2);
  expect(new URL(cloud.baseUrl).port).toBe(String(picked[1]));
  const answer = await fetch(`${cloud.baseUrl}/api/v1/user/check-auth`);
  expect(answer.status).toBe(200);
}, 180_000);
