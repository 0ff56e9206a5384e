// The in-process LocationApi the composition root hands to checkout (what checkout calls without HTTP).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocationApi } from '../../src/geocoding/location-api.ts';
import { startApi, type ApiClient } from './api-client.ts';

let api: ApiClient;
let location: LocationApi;
beforeAll(async () => {
  api = await startApi();
  location = api.server.parts.location;
});
afterAll(async () => api.server.dispose());

describe('the in-process location api', () => {
  it('answers pincode facts from the postal directory', () => {
    const info = location.pincodeInfo('560038');
    expect(info).toMatchObject({
      pincode: '560038',
      state: 'Karnataka',
      district: 'Bengaluru Urban',
      division: 'Bengaluru East',
      delivery: true,
    });
    expect(info!.offices).toEqual([{ name: 'Indiranagar S.O (Bengaluru)', type: 'PO', delivery: true }]);
    expect(location.lookup(info!.latitude!, info!.longitude!)?.pincode).toBe('560038');
    expect(location.pincodeInfo('999999')).toBeNull();
  });

  it('gives the same pincode facts without the office list, for every pincode of the dataset', () => {
    const pincodes = api.server.parts.location.data.places.pinCode;
    expect(pincodes.length).toBeGreaterThan(10);
    for (const pincode of [...pincodes, '999999', '000000']) {
      const info = location.pincodeInfo(pincode);
      const facts = info && {
        pincode: info.pincode,
        state: info.state,
        district: info.district,
        division: info.division,
        delivery: info.delivery,
      };
      expect(location.pincodeFacts(pincode)).toEqual(facts);
    }
  });

  it('geocodes an address and looks up a point', () => {
    const geo = location.geocode({ address: 'Indiranagar', city: 'Bengaluru', pincode: '560038' });
    expect(geo).toMatchObject({ level: 'locality', confidence: 0.92 });
    expect(geo!.geopin).toMatch(/^4P3-/);
    expect(location.lookup(geo!.latitude, geo!.longitude)).toEqual({
      state: 'Karnataka',
      district: 'Bengaluru Urban',
      division: 'Bengaluru East',
      locality: 'Indiranagar',
      pincode: '560038',
      delivery: true,
    });
    expect(location.lookup(15, 65)).toBeNull();
    expect(location.geocode({ address: 'qwerty' })).toBeNull();
  });
});
