// Parsing Indian addresses into typed parts.
import { describe, expect, it } from 'vitest';
import { MAX_PARTS, MAX_PART_WORDS, parseAddress } from '../../src/geocoding/address-parser.ts';

const roles = (address: string) => parseAddress(address).parts.map((p) => `${p.role}:${p.tokens.join(' ')}`);

describe('parseAddress', () => {
  it('separates house numbers, buildings, streets, places and landmarks', () => {
    expect(roles('Flat 402, Sai Krupa Apartments, 3rd Cross Road, Vashi Sector 17, near Inorbit Mall')).toEqual([
      'house:flat 402', 'building:sai krupa apartments', 'street:3rd cross road', 'place:vashi sector 17', 'landmark:near inorbit mall',
    ]);
    expect(roles('H.No. 8-2-293, Road No 14, Banjara Hills')).toEqual(['house:h no 8 2 293', 'street:road', 'place:banjara hills']);
  });

  it('reads village, post office, tehsil and district markers, Hindi ones too', () => {
    expect(roles('Vill Rampur Post Shahabad, Tehsil Sadar, Zila Hardoi')).toEqual([
      'village:rampur', 'post:shahabad', 'subdistrict:sadar', 'district:hardoi',
    ]);
    expect(roles('Hanuman Mandir ke paas, Karol Bagh')).toEqual(['landmark:hanuman mandir', 'place:karol bagh']);
  });

  it('takes the pincode from the text and the city and state from their fields', () => {
    const p = parseAddress('12 MG Road 560 001', 'Bangalore', 'KA');
    expect(p.pincode).toBe('560001');
    expect(p.components).toMatchObject({ street: 'mahatma gandhi road', city: 'bengaluru', state: 'ka', pincode: '560001' });
  });

  it('caps parts and words, so a hostile address costs bounded work', () => {
    const p = parseAddress(`${'a b c d e f g h i j k l m n o p, '.repeat(40)}`);
    expect(p.parts.length).toBeLessThanOrEqual(MAX_PARTS);
    for (const part of p.parts) expect(part.tokens.length).toBeLessThanOrEqual(MAX_PART_WORDS);
  });
});
