import { runWorkers } from './run';

await runWorkers(['monitoring']);
