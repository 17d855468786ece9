// The slack module's public face: no other module uses it; app/modules.ts loads its descriptor.
export { slackModule } from './module';
