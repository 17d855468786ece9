// The portfolios module's public face: its descriptor, which app/modules.ts reads (no other module uses it).
export { portfoliosModule } from './module';
