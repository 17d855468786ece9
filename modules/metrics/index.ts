// The metrics module's public face: its descriptor, which app/modules.ts reads (no other module uses it; modules count through core/metrics.ts).
export { metricsModule } from './module';
