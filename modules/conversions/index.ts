// The conversions module's public face: what other modules and the app use of it (nothing else is imported from outside).
import type { ConversionKind, Destination } from './forwarding';
export { conversionStats } from './stats';
export { rebuildConversionRollups } from './rollup';
export { conversionsBefore } from './export';
export type { ConversionCursor } from './export';

// The module's jobs, declared on its public face: every program that reaches the module's code through it
// (another module, the app, a plugin's own type-check) knows their names and payloads.
declare module '../../core/queue' {
  interface JobMap {
    /** one lead or sale to one of the workspace's analytics destinations */
    'analytics.conversion': { workspaceId: string; kind: ConversionKind; id: string; destination: Destination };
  }
}
export { conversionsModule } from './module';
