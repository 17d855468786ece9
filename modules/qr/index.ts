// The qr module's public face: its descriptor, which app/modules.ts reads (no other module uses it).
export { qrModule } from './module';
