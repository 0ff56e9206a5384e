// Worker side of bench/startup-workers.ts: opens the location service as a server worker would, answers one lookup and one geocode, reports.
import { parentPort, workerData } from 'node:worker_threads';
import { LocationService } from '../src/geocoding/location-service.ts';

const { dir } = workerData as { dir: string };
const started = performance.now();
const service = LocationService.open(dir);
const point = service.lookup(12.9352, 77.6245);
const geocode = service.geocode({ address: 'Koramangala 5th Block', city: 'Bengaluru' });
parentPort!.postMessage({ ms: performance.now() - started, pincode: point?.pincode, geocoded: geocode?.pincode });
// Stay alive, holding the service, until the main thread ends the worker: its memory must count while the others start.
parentPort!.on('message', () => {});
