// Copy-paste request examples for this server: curl for server keys, fetch() for public keys; the new key filled in once made.
import { codeSample, fill, h } from '/console/console.js';

/** Examples for `created` ({key, record}) or, before any key is made this visit, with placeholders. */
export function renderExamples(created) {
  const origin = location.origin;
  const key = created?.key ?? 'YOUR_SERVER_KEY';
  const isPublic = created?.record.type === 'public';
  const samples = [];
  if (!isPublic) {
    samples.push(
      codeSample(
        'DIGIPIN of a coordinate (curl)',
        `curl -s "${origin}/v1/geopin/encode?latitude=12.9716&longitude=77.5946" \\\n  -H "x-api-key: ${key}"`,
      ),
    );
    samples.push(
      codeSample(
        'Pincode and post office at a point (curl)',
        `curl -s -X POST "${origin}/v1/location/lookup" \\\n  -H "x-api-key: ${key}" -H "content-type: application/json" \\\n  -d '{"latitude": 28.6139, "longitude": 77.209}'`,
      ),
    );
    samples.push(
      codeSample(
        'Geocode an address (Node.js 18+)',
        `const res = await fetch('${origin}/v1/geopin/geocode', {\n  method: 'POST',\n  headers: { 'x-api-key': process.env.GEOPIN_KEY, 'content-type': 'application/json' },\n  body: JSON.stringify({ address: '12, 100 Feet Road, Indiranagar', city: 'Bengaluru', pincode: '560038' }),\n});\nconsole.log((await res.json()).data);`,
      ),
    );
    samples.push(
      codeSample(
        "This month's usage of the key (not counted)",
        `curl -s "${origin}/v1/geopin/usage" -H "x-api-key: ${key}"`,
      ),
    );
  }
  const publicKey = isPublic ? key : 'YOUR_PUBLIC_KEY';
  samples.push(
    codeSample(
      'Address autocomplete in the browser (public key, from an allowed origin)',
      `const res = await fetch('${origin}/v1/geopin/autocomplete?q=' + encodeURIComponent('Indiranagar'), {\n  headers: { 'x-api-key': '${publicKey}' },\n});\nconst { data } = await res.json();`,
    ),
  );
  fill(
    document.getElementById('examples'),
    created ? h('p', { class: 'hint' }, `Filled in with the key you just created (${created.record.prefix}…).`) : null,
    samples,
  );
}
