// Input resolution: data/source by default, the committed sample when it is absent, errors for missing inputs.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataError } from '../../src/dataset/feature.ts';
import { resolveInputs } from '../../src/dataset/inputs.ts';
import { INPUT_FILES, sampleDir } from '../../src/dataset/paths.ts';
import { tempDir } from './support.ts';

describe('input resolution', () => {
  it('falls back to the committed sample when the default data directory is absent', () => {
    const inputs = resolveInputs({}, '/nonexistent/data/source');
    expect(inputs.dataset).toBe('sample');
    expect(inputs.isDefaultFull).toBe(false);
    expect(inputs.boundaries.path).toBe(join(sampleDir, INPUT_FILES.boundaries));
    expect(inputs.directory).toBe(join(sampleDir, INPUT_FILES.directory));
  });

  it('reports the committed sample as the sample dataset when named explicitly', () => {
    expect(resolveInputs({ input: sampleDir }).dataset).toBe('sample');
  });

  it('refuses an explicit input that does not exist instead of falling back', () => {
    expect(() => resolveInputs({ input: '/nonexistent/input' })).toThrow(DataError);
    expect(() => resolveInputs({ input: '/nonexistent/input' })).toThrow('input /nonexistent/input does not exist');
  });

  it('refuses a shapefile without its .dbf attribute table', () => {
    const temp = tempDir('inputs');
    try {
      writeFileSync(join(temp.dir, 'pins.shp'), '');
      expect(() => resolveInputs({ input: join(temp.dir, 'pins.shp') })).toThrow(
        /pins\.shp: the attribute table .*pins\.dbf is missing/,
      );
    } finally {
      temp.remove();
    }
  });
});
