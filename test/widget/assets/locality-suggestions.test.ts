// Which autocomplete results the locality field shows: localities and offices once each, none far from the pincode
// typed, none for a name typed whole.
import { describe, expect, it } from 'vitest';
import { loadAsset } from '../support/asset-module.ts';

interface Place {
  name: string;
  type: string;
  pincode: string | null;
  distance_km?: number;
}
const { localityChoices } = await loadAsset<{
  localityChoices: (results: Place[], typed: string, pincode?: string | null) => Place[];
}>('locality-suggestions.js');

const place = (name: string, type: string, pincode: string | null, km?: number): Place =>
  km === undefined ? { name, type, pincode } : { name, type, pincode, distance_km: km };

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

  it('shows nothing when the first is the name typed whole near the pincode typed, in any case or spacing', () => {
    // A namesake in a pincode next door does not bring it back: the pincode typed says which one is meant.
    const results = [place('Indiranagar', 'locality', '560038', 0), place('Indira Nagar', 'locality', '560008', 3)];
    expect(localityChoices(results, 'indira nagar', '560038')).toEqual([]);
    expect(localityChoices(results, 'Indiranag', '560038')).toHaveLength(2);
    expect(localityChoices([], 'Indiranagar', '560038')).toEqual([]);
  });

  it('shows a name typed whole without a pincode when places of that name lie in several pincodes, those first', () => {
    // The autocomplete's answer for "Shahabad" without a point: six towns, Arrah (once Shahabad) and offices.
    const results = [
      place('Shahabad', 'locality', '585228'),
      place('Shahabad', 'locality', '241124'),
      place('Shahabad', 'locality', '136135'),
      place('Shahabad', 'locality', '244922'),
      place('Shahabad', 'locality', '509217'),
      place('Shahabad', 'locality', '325217'),
      place('Arrah', 'locality', '802301'),
      place('Shahabad', 'office', '136135'),
      place('Shahabad ACC', 'office', '585229'),
    ];
    expect(localityChoices(results, 'shahabad').map((p) => p.pincode)).toEqual([
      '585228',
      '241124',
      '136135',
      '244922',
      '509217',
    ]);
    // Namesakes the autocomplete ranked below other places still come first.
    const mixed = [place('Indiranagar', 'locality', '560038'), place('Indiranagar Sec 18', 'office', '226016')];
    mixed.push(place('Indira Nagar', 'locality', '226016'));
    expect(localityChoices(mixed, 'Indiranagar').map((p) => p.pincode)).toEqual(['560038', '226016', '226016']);
    expect(localityChoices(mixed, 'Indiranagar').map((p) => p.name)[1]).toBe('Indira Nagar');
  });

  it('shows nothing for a name typed whole without a pincode when it is the only place of that name', () => {
    const results = [place('Koramangala', 'locality', '560034'), place('Koramangala VI Bk', 'locality', '560095')];
    results.push(place('Koramangala', 'office', '560034'));
    expect(localityChoices(results, 'Koramangala')).toEqual([]);
  });

  it('offers with a pincode typed only its places and those within 50 km of its point, none farther', () => {
    // The autocomplete's answer for "Sector 17 Vashi" near 400703: Chandigarh, Gurugram and Gandhinagar, none in Vashi.
    const sector17 = [
      place('Sector 17', 'locality', '160017', 1351.53),
      place('Gurgaon Sector 17', 'office', '122001', 1121.09),
      place('Gandhinagar Sector 17', 'office', '382016', 463.21),
    ];
    expect(localityChoices(sector17, 'Sector 17 Vashi', '400703')).toEqual([]);
    const vashi = [
      place('Vashi', 'locality', '400703', 0.97),
      place('Vashivali', 'office', '410220', 28.64),
      place('Vashind', 'office', '421601', 46.91),
      place('Vehaloli Vashind', 'locality', '421601', 55.09),
      place('Vashi', 'locality', '413503', 300.13),
    ];
    expect(localityChoices(vashi, 'Vash', '400703').map((p) => p.pincode)).toEqual(['400703', '410220', '421601']);
    // A large rural pincode's own places may lie farther than that: its pincode vouches for them.
    expect(localityChoices([place('Karta', 'office', '345001', 138)], 'Kart', '345001')).toHaveLength(1);
    // A pincode the directory has no point for: no distances, so only its own places.
    expect(
      localityChoices([place('Vashi', 'locality', '400703'), place('Vashi', 'locality', '413503')], 'Vash', '400703'),
    ).toEqual([place('Vashi', 'locality', '400703')]);
  });

  it('offers every place, near or far, when no pincode is typed', () => {
    const far = [place('Sector 17', 'locality', '160017'), place('Gurgaon Sector 17', 'office', '122001')];
    expect(localityChoices(far, 'Sector 17 Vashi')).toEqual(far);
    expect(localityChoices(far, 'Sector 17 Vashi', null)).toEqual(far);
  });
});
