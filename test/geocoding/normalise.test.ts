// Address and name normalisation: the shared form that lets an address meet the gazetteer.
import { describe, expect, it } from 'vitest';
import {
  addressSegments,
  compactKey,
  compactNgrams,
  extractPincode,
  foldText,
  officeNameTokens,
  tokenize,
} from '../../src/geocoding/normalise.ts';

describe('normalisation', () => {
  it('folds case, accents, dots, apostrophes and ampersands', () => {
    expect(foldText("St. Mary's  Rd., Bhāratī & Sons")).toBe('st marys rd bharati and sons');
    expect(foldText('  --  ')).toBe('');
  });

  it('expands abbreviations and former city names', () => {
    expect(tokenize('Nr. MG Rd, Sec-5, Bangalore')).toEqual([
      'near',
      'mahatma',
      'gandhi',
      'road',
      'sector',
      '5',
      'bengaluru',
    ]);
    expect(tokenize('Rajouri Gdn, Hiranandani Gdns')).toEqual(['rajouri', 'garden', 'hiranandani', 'gardens']);
    expect(tokenize('Gurgaon')).toEqual(['gurugram']);
    expect(tokenize('constructor toString')).toEqual(['constructor', 'tostring']);
    // "Bk" after a number is the directory's block; after a name, Budruk (Maharashtra's "greater" village half).
    expect(tokenize('Koramangala VI Bk')).toEqual(['koramangala', '6', 'block']);
    expect(tokenize('Ambegaon Bk')).toEqual(['ambegaon', 'bk']);
  });

  it('reads an institution written out as its acronym', () => {
    expect(tokenize('Indian Institute of Technology Kanpur')).toEqual(tokenize('I.I.T. Kanpur'));
    expect(tokenize('Indian Institute of Technology Kanpur')).toEqual(['iit', 'kanpur']);
    expect(tokenize('All India Institute of Medical Sciences, Bhopal')).toEqual(['aiims', 'bhopal']);
    // Words of its name are contracted after the former names are read ("Banaras" is Varanasi).
    expect(tokenize('Banaras Hindu University')).toEqual(['bhu']);
    expect(tokenize('Indian Institute of Science Bangalore')).toEqual(['iisc', 'bengaluru']);
    // Only the whole name: a university road or an institute of something else stays as written.
    expect(tokenize('University Road')).toEqual(['university', 'road']);
    expect(tokenize('Indian Institute of Foreign Trade')).toEqual(['indian', 'institute', 'of', 'foreign', 'trade']);
  });

  it('reads "(E)" and a trailing "W" as the east and west halves of a suburb, but not block letters', () => {
    expect(tokenize('Andheri (E)')).toEqual(['andheri', 'east']);
    expect(tokenize('Goregaon(w) Station Road')).toEqual(['goregaon', 'west', 'station', 'road']);
    expect(tokenize('Andheri W')).toEqual(['andheri', 'west']);
    expect(tokenize('Sector 5 E')).toEqual(['sector', '5', 'e']);
    expect(tokenize('Block E')).toEqual(['block', 'e']);
    expect(tokenize('Aurad (S)')).toEqual(['aurad', 's']);
  });

  it('compares run-together and spaced names equal', () => {
    expect(compactKey('Indira Nagar')).toBe(compactKey('INDIRANAGAR'));
  });

  it('strips office types and qualifiers from post-office names', () => {
    expect(officeNameTokens('Tilak Nagar S.O (West Delhi)')).toEqual(['tilak', 'nagar']);
  });

  it('strips the tags written before an office type: extra-departmental and seasonal ("Kedarnath Seasional SO")', () => {
    expect(officeNameTokens('Kedarnath Seasional SO')).toEqual(['kedarnath']);
    expect(officeNameTokens('Garhi Sisana ED BO')).toEqual(['garhi', 'sisana']);
  });

  it('drops landmark text ("near", "opp.", "behind") from address segments', () => {
    expect(addressSegments('12, 100 Feet Rd, Indiranagar Near CMH Hospital; Opp. Metro, next to the park')).toEqual([
      ['12'],
      ['100', 'feet', 'road'],
      ['indiranagar'],
    ]);
    expect(addressSegments('Next Gen Towers')).toEqual([['next', 'gen', 'towers']]);
  });

  it('builds n-grams within segments, longest first', () => {
    expect(compactNgrams([['andheri', 'east'], ['mumbai']], 2)).toEqual(['andherieast', 'andheri', 'east', 'mumbai']);
  });

  it('extracts the first 6-digit pincode, spaced or not, never from longer digit runs', () => {
    expect(extractPincode('Flat 4, Pune 411 001')).toBe('411001');
    expect(extractPincode('PIN:560038.')).toBe('560038');
    expect(extractPincode('phone 9876543210')).toBeNull();
    expect(extractPincode('012345')).toBeNull();
  });
});
