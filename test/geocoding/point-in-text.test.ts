// pointInText: a DIGIPIN or coordinates written in an address, and the numbers that are neither.
import { describe, expect, it } from 'vitest';
import { decode } from '../../src/native/digipin.ts';
import { pointInText } from '../../src/geocoding/point-in-text.ts';

describe('pointInText', () => {
  it('reads a DIGIPIN hyphenated, run together, in small letters, with its label, inside an address', () => {
    const centre = decode('4P3-J24-KJML');
    const texts = [
      '4P3-J24-KJML',
      '4P3J24KJML',
      '4p3-j24-kjml',
      'Flat 5, Koramangala, DIGIPIN: 4P3-J24-KJML',
      'Call 9876543298, DIGIPIN 4P3-J24-KJML',
    ];
    for (const text of texts) {
      expect(pointInText(text), text).toMatchObject({ kind: 'digipin', lat: centre.lat, lon: centre.lon });
    }
    // The rest of the address, without the code and its label, is what is parsed for the components.
    expect(pointInText('Flat 5, Koramangala, DIGIPIN: 4P3-J24-KJML')!.rest).not.toMatch(/digipin|4p3/i);
  });

  it('never takes a phone number, a pincode or a longer code for a DIGIPIN', () => {
    // Ten digits 2-9 are DIGIPIN's alphabet too: a code without a letter is read as the number it more likely is.
    for (const text of [
      '9876543298',
      '987-654-3298',
      '+91 98765 43298',
      '560034',
      'Flat 4P3J24KJMLX',
      'X4P3-J24-KJML',
    ]) {
      expect(pointInText(text), text).toBeNull();
    }
  });

  it('reads coordinates pasted or in a shared map link, only inside India', () => {
    expect(pointInText('12.9716, 77.5946')).toMatchObject({ kind: 'coordinates', lat: 12.9716, lon: 77.5946 });
    expect(pointInText('https://maps.google.com/?q=22.5726,88.3639')).toMatchObject({ lat: 22.5726, lon: 88.3639 });
    const link = pointInText('Flat 12, https://www.google.com/maps/place/Koramangala/@12.9352,77.6245,15z')!;
    expect(link).toMatchObject({ kind: 'coordinates', lat: 12.9352, lon: 77.6245 });
    expect(link.rest).not.toMatch(/google|https/);
    // London, a pair without three decimals, and a lone number are not points of an Indian address.
    for (const text of ['51.5074, -0.1278', '51.5074, 0.1278', 'Plot 12.5, 77.1', '12.9716']) {
      expect(pointInText(text), text).toBeNull();
    }
  });
});
