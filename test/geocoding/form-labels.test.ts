// Form labels in a pasted address (src/geocoding/form-labels.ts), and what the geocoder answers with them.
import { describe, expect, it } from 'vitest';
import { withoutFormLabels } from '../../src/geocoding/form-labels.ts';
import { LocationService } from '../../src/geocoding/location-service.ts';
import { datasetDir } from '../support/dataset.ts';

const service = LocationService.open(datasetDir);

describe('form labels in an address', () => {
  it('cuts a label that only says which field follows, in any case and spacing', () => {
    expect(withoutFormLabels('City: Pune, Area: Baner')).toBe(', Pune, , Baner');
    expect(withoutFormLabels('Address : 12 MG Road Pin code: 560001')).toBe(', 12 MG Road , 560001');
    expect(withoutFormLabels('LOCALITY:Indiranagar')).toBe(',Indiranagar');
  });

  it('keeps markers that say what the place is, and words that only end like a label', () => {
    for (const text of ['Vill: Gohana, Dist: Sonipat', 'PO: Vaikom', 'Capacity: 12', 'Statement Road', 'Shop 4, Chowk'])
      expect(withoutFormLabels(text)).toBe(text);
  });

  it('answers the labelled address as the same address without labels', () => {
    // "City" was a part of its own, run together with Pune as the office Pune City (411002).
    expect(service.geocode({ address: 'City: Pune, Area: Baner' })).toMatchObject({ pincode: '411069' });
    expect(service.geocode({ address: 'City: Nagpur, Area: Dharampeth' })).toMatchObject({ pincode: '440010' });
  });
});
