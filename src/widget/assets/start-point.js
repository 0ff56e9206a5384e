// Where the map step puts the pin first: the stored pin, else the geocoded address, else the pincode's point.

/** India's middle, for a pincode the directory has no point for. */
const INDIA = { latitude: 20.5937, longitude: 78.9629 };

/** The pin's first place for address `a`; a failed geocode falls back to the pincode's point. */
export async function startPoint(api, a) {
  if (a.latitude != null) return { latitude: a.latitude, longitude: a.longitude };
  const address = [a.flat_number, a.building_name, a.street_name, a.locality].filter(Boolean).join(', ');
  const hit = await api
    .geo('/v1/geopin/geocode', {
      address,
      city: a.city ?? undefined,
      state: a.state ?? undefined,
      pincode: a.pincode,
    })
    .catch(() => null);
  if (hit) return hit.coordinates;
  const info = await api.geo(`/v1/pincode/validate/${a.pincode}`);
  return info.coordinates ?? INDIA;
}
