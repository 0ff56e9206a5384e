// Tables of addresses and the pincode each must be answered with, for the geocoder tests on the real data.
import { expect } from 'vitest';
import type { LocationService } from '../../src/geocoding/location-service.ts';

/** Each address answered with its pincode; the address stands beside it so a failure names the row. */
export function expectPincodes(service: LocationService, rows: Array<[address: string, pincode: string]>): void {
  for (const [address, pincode] of rows)
    expect([address, service.geocode({ address })?.pincode]).toEqual([address, pincode]);
}
