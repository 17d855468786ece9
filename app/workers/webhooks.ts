import { runWorkers } from './run';

await runWorkers(['webhooks']);
