import { runWorkers } from './run';

await runWorkers(['mail']);
