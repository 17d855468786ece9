import { runWorkers } from './run';

await runWorkers(['analytics']);
