// A periodic task's failures as one outage: the first logged at once, then a reminder a minute, a line on recovery.
import { describe, expect, it } from 'vitest';
import { silentLog, type Log } from '../../src/kernel/log.ts';
import { OutageLog } from '../../src/kernel/outage-log.ts';

function recording() {
  const lines: Array<{ level: string; message: string; fields: Record<string, unknown> }> = [];
  const at =
    (level: string) =>
    (fields: object, message = '') =>
      void lines.push({ level, message, fields: fields as Record<string, unknown> });
  const log: Log = { ...silentLog, info: at('info'), warn: at('warn'), error: at('error') };
  return { log, lines };
}

describe('OutageLog', () => {
  it('logs the first failure, one reminder a minute, and the recovery with how long it lasted', () => {
    const { log, lines } = recording();
    let now = Date.parse('2026-11-29T10:00:00Z');
    const outage = new OutageLog(log, 'usage flush', 'error', () => now);
    const refused = new Error('connect ECONNREFUSED');
    for (let second = 0; second < 150; second++, now += 1000) outage.failed(refused, '; counts stay buffered');
    outage.succeeded();
    outage.succeeded();
    expect(lines.map((l) => [l.level, l.message])).toEqual([
      ['error', 'usage flush failed; counts stay buffered'],
      ['error', 'usage flush still failing; counts stay buffered'],
      ['error', 'usage flush still failing; counts stay buffered'],
      ['info', 'usage flush works again'],
    ]);
    expect(lines[1]!.fields).toMatchObject({ err: refused, failures: 61, since: '2026-11-29T10:00:00.000Z' });
    expect(lines[3]!.fields).toEqual({ failures: 150, outage_ms: 150_000 });

    outage.failed(refused);
    expect(lines.at(-1)).toMatchObject({ level: 'error', message: 'usage flush failed' });
  });

  it('tracks an attempt: a rejection is logged as a failure, never thrown, and a success ends the outage', async () => {
    const { log, lines } = recording();
    const outage = new OutageLog(log, 'request log flush', 'warn');
    await expect(outage.track(Promise.reject(new Error('SQLITE_BUSY')))).resolves.toBeUndefined();
    await outage.track(Promise.resolve(3));
    expect(lines.map((l) => [l.level, l.message])).toEqual([
      ['warn', 'request log flush failed'],
      ['info', 'request log flush works again'],
    ]);
  });

  it('says nothing when the task never failed', () => {
    const { log, lines } = recording();
    const outage = new OutageLog(log, 'revocation poll', 'warn');
    outage.succeeded();
    expect(lines).toEqual([]);
  });
});
