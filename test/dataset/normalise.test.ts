// Name normalisation: the publisher's artefacts, case, suffixes and the state polygons' spellings.
import { describe, expect, it } from 'vitest';
import {
  Canon,
  circleKey,
  cleanCircle,
  cleanDivision,
  cleanRegion,
  divisionKey,
  localityOf,
  normaliseState,
  stateFromPolygonName,
} from '../../src/dataset/normalise.ts';

describe('name normalisation', () => {
  it('strips the Division suffix and repairs names whose word "Division" the publisher removed', () => {
    expect(cleanDivision('Bengaluru East Division')).toBe('Bengaluru East');
    expect(cleanDivision('Markapur  Division')).toBe('Markapur');
    expect(cleanDivision('Gautam Buddha Nagar  office')).toBe('Gautam Buddha Nagar');
    expect(cleanDivision('Gautam Buddha Nagar Division office')).toBe('Gautam Buddha Nagar');
    expect(cleanDivision('Davanagere al office')).toBe('Davanagere');
    expect(cleanDivision('al Office Katihar')).toBe('Katihar');
    expect(cleanDivision('Divisional Office Katihar')).toBe('Katihar');
    expect(cleanDivision('  ')).toBeNull();
  });

  it('gives both sources one spelling per division and circle, preferring mixed case and more words', () => {
    const divisions = new Canon(divisionKey);
    for (const name of ['SANGLI', 'SANGLI', 'BENGALURU GPO', 'Bengaluru GPO', 'APS']) divisions.add(name);
    expect(divisions.resolve('SANGLI')).toBe('Sangli');
    expect(divisions.resolve('BENGALURU GPO')).toBe('Bengaluru GPO');
    expect(divisions.resolve('APS')).toBe('APS');
    const circles = new Canon(circleKey);
    for (const name of ['Jammukashmir', 'Jammu Kashmir', 'Tamilnadu']) circles.add(cleanCircle(name));
    expect(circles.resolve(cleanCircle('Jammu Kashmir Circle'))).toBe('Jammu Kashmir');
    expect(circles.resolve('Jammukashmir')).toBe('Jammu Kashmir');
    expect(circles.resolve(cleanCircle('Tamilnadu Circle'))).toBe('Tamilnadu');
  });

  it('restores the dropped word "Region" in region names', () => {
    expect(cleanRegion('al Office, Aurangabad')).toBe('Regional Office, Aurangabad');
    expect(cleanRegion('Prayagraj al Office')).toBe('Prayagraj Regional Office');
    expect(cleanRegion('Southern , Madurai')).toBe('Southern Region, Madurai');
    expect(cleanRegion('Bengaluru HQ')).toBe('Bengaluru HQ');
  });

  it('title-cases states, treats NA as missing, and maps the state polygons to the directory names', () => {
    expect(normaliseState('ANDAMAN AND NICOBAR ISLANDS')).toBe('Andaman and Nicobar Islands');
    expect(normaliseState('THE DADRA AND NAGAR HAVELI AND DAMAN AND DIU')).toBe(
      'The Dadra and Nagar Haveli and Daman and Diu',
    );
    expect(normaliseState('NA')).toBeNull();
    expect(stateFromPolygonName('JAMMU & KASHMIR')).toBe('Jammu and Kashmir');
    expect(stateFromPolygonName('DAMAN & DIU')).toBe('The Dadra and Nagar Haveli and Daman and Diu');
    expect(stateFromPolygonName('ANDAMAN & NICOBAR')).toBe('Andaman and Nicobar Islands');
    expect(stateFromPolygonName('TAMIL NADU')).toBe('Tamil Nadu');
  });

  it('derives the locality from a delivery office name', () => {
    expect(localityOf('Indiranagar S.O (Bengaluru)')).toBe('Indiranagar');
    expect(localityOf('Rashtrapati Bhawan SO')).toBe('Rashtrapati Bhawan');
    expect(localityOf('New Delhi GPO')).toBe('New Delhi');
    expect(localityOf('Ambala G.P.O.')).toBe('Ambala');
    expect(localityOf('Garia SO South 24 Parganas')).toBe('Garia');
    expect(localityOf('Wholesale Kirana Market Sub Post Office, Akola')).toBe('Wholesale Kirana Market');
    expect(localityOf('Ongc Complex,panvel S.O')).toBe('Ongc Complex,panvel');
    expect(localityOf('Jawahar Nagar')).toBe('Jawahar Nagar');
    expect(localityOf(null)).toBeNull();
  });
});
