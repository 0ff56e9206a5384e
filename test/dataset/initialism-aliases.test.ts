import { describe, expect, it } from 'vitest';
import { addInitialismAliases } from '../../src/dataset/initialism-aliases.ts';
import { KIND, OFFICE_TYPE } from '../../src/geocoding/place-index.ts';
import { placeEntry } from './support.ts';

const place = (name: string, kind: number = KIND.locality) =>
  placeEntry(name, { kind, officeType: kind === KIND.office ? OFFICE_TYPE.PO : OFFICE_TYPE.POINT, importance: 0.6 });

describe('addInitialismAliases', () => {
  it('answers "<initialism> Layout/Colony/Nagar" to the initialism alone ("BTM 2nd Stage" is BTM Layout)', () => {
    const entries = [place('BTM Layout'), place('KPHB Colony'), place('GTB Nagar', KIND.office)];
    addInitialismAliases(entries);
    expect(entries.map((e) => e.aliasKeys)).toEqual([['btm'], ['kphb'], ['gtb']]);
  });

  it('answers "<initialism> Phase/Sector <number>" to the initialism too ("DLF Phase 4" is near DLF Phase 2)', () => {
    const entries = [
      place('DLF Phase 2'),
      place('BSK 3rd Stage'),
      place('Jayanagar 4th Block'),
      place('HUDA Sector 13'),
    ];
    addInitialismAliases(entries);
    expect(entries.map((e) => e.aliasKeys)).toEqual([['dlf'], ['bsk'], [], []]);
  });

  it('leaves names whose first word is a word, or longer, or a landmark alone', () => {
    const entries = [
      place('Anna Nagar'),
      place('JP Nagar'),
      place('HSR Layout Sector 2'),
      place('BTM Layout', KIND.landmark),
      place('DLF Phase'),
    ];
    addInitialismAliases(entries);
    expect(entries.map((e) => e.aliasKeys)).toEqual([[], [], [], [], []]);
  });
});
