// The bench:load harness for a few seconds: under mixed concurrent traffic the server answers everything as designed.
import { describe, expect, it } from 'vitest';
import { runLoad } from '../../bench/load/harness.ts';
import { failuresOf } from '../../bench/load/report.ts';

describe('mixed load on the real server process', () => {
  it('serves four concurrent mixes with no errors, timeouts or 5xx, only the OTP limits answer 429, and it shuts down to a sound file', async () => {
    // A low per-IP budget makes the OTP mix meet its limit in a short run; throughput and memory are bench targets.
    const result = await runLoad({ seconds: 5, connections: 2, warmupSeconds: 1, otpSendsPerIp: 40 });
    expect(failuresOf(result)).toEqual([]);
    for (const e of result.endpoints) {
      expect(e.requests).toBeGreaterThan(0);
      expect({ endpoint: e.name, unexpected: e.unexpected, errors: e.errors, timeouts: e.timeouts }).toEqual({
        endpoint: e.name,
        unexpected: 0,
        errors: 0,
        timeouts: 0,
      });
      expect(Object.keys(e.statusCounts).filter((code) => !code.startsWith('2') && code !== '429')).toEqual([]);
    }
    const otp = result.endpoints.find((e) => e.name.includes('email-otp'))!;
    expect(otp.statusCounts['200']).toBeGreaterThan(0);
    expect(otp.intended).toMatchObject({ other: 0 });
    // The hot emails' sends reuse their live codes, which mail nothing and cost none of an email's sends.
    expect(otp.intended['per email']).toBe(0);
    expect(otp.intended['per IP']).toBeGreaterThan(0);
    for (const e of result.endpoints.filter((x) => x !== otp)) expect(e.statusCounts['429'] ?? 0).toBe(0);
    expect(result.serverStderr).toEqual([]);
    expect(result.exitCode).toBe(0);
    expect(result.integrity).toBe('ok');
  }, 120_000);
});
