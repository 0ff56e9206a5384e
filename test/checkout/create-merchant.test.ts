// `npm run merchant:create` end to end: the CLI prints an id and key, and the key works against the running server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScript } from '../support/run-script.ts';
import { commandEnv } from '../support/server.ts';
import { dataOf, startHarness, type Harness } from './support.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h.dispose());

const createMerchant = (args: string[]) => runScript('create-merchant.ts', args, commandEnv(h.server));

describe('scripts/create-merchant.ts', () => {
  it('prints a merchant id and an API key that authenticates as that merchant', async () => {
    const { stdout, status } = createMerchant([
      '--name',
      'CLI Shop',
      '--origins',
      'https://CLI.example/,https://www.cli.example',
    ]);
    expect(status).toBe(0);
    const id = /^merchant_id=([0-9a-f-]{36})$/m.exec(stdout)![1]!;
    const key = /^api_key=(ck_[\w-]+)$/m.exec(stdout)![1]!;
    expect(JSON.stringify(await h.sql.all('SELECT * FROM merchant_api_keys'))).not.toContain(key);
    const res = await h.call('GET', '/checkout-admin?action=settings', { headers: { 'x-api-key': key } });
    expect(dataOf(res)).toEqual({
      allowed_origins: ['https://cli.example', 'https://www.cli.example'],
      courier_coverage_url: null,
      payment_enabled: false,
    });
    const sent = await h.call('POST', '/checkout-email-otp', {
      body: { action: 'send', email: 'cli@example.com', merchant_id: id },
      headers: { origin: 'https://cli.example' },
    });
    expect(sent.status).toBe(200);
  });

  it('fails with a message for a missing name or a bad origin', () => {
    expect(createMerchant([])).toMatchObject({ status: 1, stderr: expect.stringContaining('--name is required') });
    expect(createMerchant(['--name', 'X', '--origins', 'https://x.example/path'])).toMatchObject({
      status: 1,
      stderr: expect.stringContaining('not an origin'),
    });
  });
});
