import { runWorkers } from './run';

// `bun run worker` runs every queue; `bun run worker clicks` runs one.
await runWorkers(process.argv.slice(2));
