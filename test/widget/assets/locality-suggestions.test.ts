// Which autocomplete results the locality field shows: localities and offices once each, none for a name typed whole.
import { describe, expect, it } from 'vitest';
import { loadAsset } from '../support/asset-module.ts';

interface Place {
  name: string;
  type: string;
  pincode: string | null;
}
const { localityChoices } = await loadAsset<{ localityChoices: (results: Place[], typed: string) => Place[] }>(
  'locality-suggestions.js',
);

const place = (name: string, type: string, pincode: string | null): Place => ({ name, type, pincode });

describe('localityChoices', () => {
  it('keeps localities and offices, each name and pincode once, five at most', () => {
    const results = [
      place('Karnataka', 'state', null),
      place('Koramangala', 'locality', '560034'),
      place('Koramangala', 'office', '560034'),
      place('Bengaluru Urban', 'district', '560002'),
      place('Koramangala VI Bk', 'locality', '560095'),
      place('Koramangala Palace', 'landmark', '560034'),
      ...['Kora', 'Koratagere', 'Korati', 'Koratti'].map((n, i) => place(n, 'office', `57212${i}`)),
    ];
    expect(localityChoices(results, 'Kora').map((p) => p.name)).toEqual([
      'Koramangala',
      'Koramangala VI Bk',
      'Kora',
      'Koratagere',
      'Korati',
    ]);
  });

  it('shows nothing when the first is the name typed whole, in any case or spacing', () => {
    const results = [place('Indiranagar', 'locality', '560038'), place('Indira Nagar', 'locality', '226016')];
    expect(localityChoices(results, 'indira nagar')).toEqual([]);
    expect(localityChoices(results, 'Indiranag')).toHaveLength(2);
    expect(localityChoices([], 'Indiranagar')).toEqual([]);
  });
});
