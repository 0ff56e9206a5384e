// `npm run bench`: every benchmark in one run, printed with the machine it ran on (the README tables come from here).
import { cpus } from 'node:os';
import { join } from 'node:path';
import { printDigipin, runDigipinBench } from './digipin.bench.ts';
import { printLookup, runLookupBench } from './lookup.bench.ts';

const dataDir = process.env.GEO_DATA_DIR ?? join(import.meta.dirname, '../data/build');

console.log(`node ${process.version}, ${cpus().length} x ${cpus()[0]?.model ?? 'unknown CPU'}`);
console.log('\n## DIGIPIN encode');
printDigipin(await runDigipinBench());
console.log('\n## Boundary lookup');
printLookup(await runLookupBench(join(dataDir, 'boundaries.bin')));
