// A dataset is labelled by the code that built it: the bundle's own hash, not that of sources edited since it was built.
import { afterEach, describe, expect, it } from 'vitest';
import { pipelineSha256, pipelineSourcesSha256 } from '../../src/dataset/manifest.ts';

const bundled = globalThis as { GEOPIN_PIPELINE_SHA256?: string };
afterEach(() => delete bundled.GEOPIN_PIPELINE_SHA256);

describe('pipelineSha256', () => {
  it('is the hash of the sources on disk when they are what runs (tsx)', () => {
    expect(pipelineSha256()).toMatch(/^[0-9a-f]{64}$/);
    expect(pipelineSha256()).toBe(pipelineSourcesSha256());
  });

  it('is the hash a bundle was built with, whatever the sources on disk say now', () => {
    bundled.GEOPIN_PIPELINE_SHA256 = 'a'.repeat(64);
    expect(pipelineSha256()).toBe('a'.repeat(64));
    expect(pipelineSourcesSha256()).not.toBe('a'.repeat(64));
  });
});
