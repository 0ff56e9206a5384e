// Which environment variables a start warns of: a setting's name a typo away, or an unknown one under our prefixes;
// never the variables every machine has.
import { describe, expect, it } from 'vitest';
import { unknownSettings } from '../../src/main/unknown-settings.ts';

describe('unknownSettings', () => {
  it('names typos of settings with the setting they are near, and unknown names under our prefixes', () => {
    const env = {
      DATABASE_ULR: 'postgres://db/geo',
      WORKER: '4',
      LOG_LEVL: 'debug',
      SMTP_PASSWORD: 'secret',
      DATABASE_URL: 'postgres://db/geo',
      WORKERS: '4',
      DATA_DIR: '/srv/data',
    };
    expect(unknownSettings(env)).toEqual([
      { name: 'DATABASE_ULR', nearest: 'DATABASE_URL' },
      { name: 'LOG_LEVL', nearest: 'LOG_LEVEL' },
      { name: 'SMTP_PASSWORD', nearest: null },
      { name: 'WORKER', nearest: 'WORKERS' },
    ]);
  });

  it("leaves alone other programs' variables, short ones near a setting too", () => {
    const env = {
      HOME: '/root',
      HOSTNAME: 'geo-1',
      PATH: '/usr/bin',
      PWD: '/srv',
      LANG: 'C.UTF-8',
      NODE_OPTIONS: '--max-old-space-size=4096',
      NODE_VERSION: '20.17.0',
      KUBERNETES_SERVICE_PORT: '443',
      npm_config_cache: '/tmp',
    };
    expect(unknownSettings(env)).toEqual([]);
  });
});
