// Phone numbers in a buyer's address text (src/geocoding/contact-numbers.ts), and what the geocoder answers with them.
import { describe, expect, it } from 'vitest';
import { withoutPhoneNumbers } from '../../src/geocoding/contact-numbers.ts';
import { LocationService } from '../../src/geocoding/location-service.ts';
import { datasetDir } from '../support/dataset.ts';

const service = LocationService.open(datasetDir);

describe('phone numbers in an address', () => {
  it('drops a mobile or landline number with its label, whichever way it is written', () => {
    expect(withoutPhoneNumbers('Kothrud Pune mob no 9822012345')).toBe('Kothrud Pune ,');
    expect(withoutPhoneNumbers('Anna Nagar Chennai +91 98400 12345')).toBe('Anna Nagar Chennai ,');
    expect(withoutPhoneNumbers('Mob:+919876543210 Pune')).toBe(', Pune');
    expect(withoutPhoneNumbers('Contact No. 09876543210 Lajpat Nagar')).toBe(', Lajpat Nagar');
    expect(withoutPhoneNumbers('Tel 0755-2551234 Bhopal')).toBe(', Bhopal');
  });

  it('keeps pincodes, house and sector numbers, and "Ph" meaning a phase', () => {
    for (const text of ['H No 12 560034 Bangalore', 'Sector 12 Ph 2 Mohali 160062', 'Plot 9876543210123, Pune'])
      expect(withoutPhoneNumbers(text)).toBe(text);
    expect(withoutPhoneNumbers('Sector 91 98765 43210 Gurgaon')).toBe('Sector 91 , Gurgaon');
  });

  it('answers the address around the number', () => {
    // "Kothrud Pune mob no 9822012345" answered Pune's centre (411001): "mob" was read as a place word.
    expect(service.geocode({ address: 'Kothrud Pune mob no 9822012345' })).toMatchObject({ pincode: '411038' });
    // Answered Ranchi's 834001: the part "Mob" was searched as one more place.
    expect(service.geocode({ address: 'Ashok Nagar, Ranchi, Jharkhand, Mob: 9431112233' })).toMatchObject({
      pincode: '834002',
    });
  });
});
