import { describe, expect, it } from 'vitest';
import { headOfficePlaces } from '../../src/dataset/border-pincodes.ts';
import type { OfficeRow, PlaceOfPincode } from '../../src/dataset/read-directory.ts';

const office = (pincode: string, officeType: string, state: string, district: string): OfficeRow => ({
  pincode,
  officeName: `${district} ${officeType}`,
  officeType,
  delivery: 1,
  division: null,
  region: null,
  circle: null,
  district,
  state,
  lat: null,
  lon: null,
});

function places(entries: Array<[string, PlaceOfPincode]>) {
  return new Map(entries);
}

describe('headOfficePlaces', () => {
  it("gives a pincode across a state line its sub office's state and district, whatever its branches count", () => {
    // Yanam: the sub office in Puducherry, twelve branch offices in Andhra Pradesh.
    const offices = new Map([
      [
        '533464',
        [
          office('533464', 'BO', 'Andhra Pradesh', 'Kakinada'),
          office('533464', 'PO', 'Puducherry', 'Yanam'),
          ...Array.from({ length: 11 }, () => office('533464', 'BO', 'Andhra Pradesh', 'Kakinada')),
        ],
      ],
    ]);
    const from = { state: 'Andhra Pradesh', district: 'Kakinada' };
    expect(headOfficePlaces(places([['533464', from]]), offices)).toEqual([
      { pincode: '533464', from, to: { state: 'Puducherry', district: 'Yanam' } },
    ]);
  });

  it('follows the head offices most of them agree on, and moves nothing already there', () => {
    // Four sub offices in Delhi, one misfiled under Uttar Pradesh: Delhi stays.
    const delhi = ['Delhi', 'Delhi', 'Uttar Pradesh', 'Delhi', 'Delhi'].map((s) => office('110025', 'PO', s, 'X'));
    const offices = new Map([['110025', delhi]]);
    expect(headOfficePlaces(places([['110025', { state: 'Delhi', district: 'X' }]]), offices)).toEqual([]);
  });

  it('leaves pincodes whose offices lie in one state, and those with no head office in the directory', () => {
    const oneState = [office('560001', 'BO', 'Karnataka', 'A'), office('560001', 'PO', 'Karnataka', 'B')];
    const noHead = [office('781999', 'BO', 'Assam', 'K'), office('781999', 'BO', 'Meghalaya', 'R')];
    const offices = new Map([
      ['560001', oneState],
      ['781999', noHead],
    ]);
    const known = places([
      ['560001', { state: 'Karnataka', district: 'A' }],
      ['781999', { state: 'Meghalaya', district: 'R' }],
    ]);
    expect(headOfficePlaces(known, offices)).toEqual([]);
  });
});
