import { runWorkers } from './run';

// the extension plugins' jobs (PLUGINS), when they declare any
await runWorkers(['plugins']);
