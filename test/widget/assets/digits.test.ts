// Digits typed on a phone keyboard set to an Indian language become the 0-9 the server reads.
import { describe, expect, it } from 'vitest';
import { loadAsset } from '../support/asset-module.ts';

const { asciiDigits } = await loadAsset<{ asciiDigits: (text: string) => string }>('dom.js');

describe('asciiDigits', () => {
  it('reads Devanagari, Tamil, Bengali and Arabic-Indic digits as 0-9 and leaves everything else', () => {
    expect(asciiDigits('५६००३८')).toBe('560038');
    expect(asciiDigits('௯௮௭௬௫ ௪௩௨௧௦')).toBe('98765 43210');
    expect(asciiDigits('৫৬০০৩৮')).toBe('560038');
    expect(asciiDigits('٥٦٠')).toBe('560');
    expect(asciiDigits('+91 98765-43210, flat ४B')).toBe('+91 98765-43210, flat 4B');
  });
});
