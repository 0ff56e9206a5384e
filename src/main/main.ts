// Runs the server from the environment (what `geopin serve` does, without the dataset check); tests spawn it with tsx.
import { loadConfig } from './config.ts';
import { runServer } from './run-server.ts';

await runServer(loadConfig());
