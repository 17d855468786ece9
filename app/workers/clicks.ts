import { runWorkers } from './run';

await runWorkers(['clicks']);
