// The oauth module's public face: what other modules and the app use of it (nothing else is imported from outside).
export { resourceMetadataUrl } from './protocol';
export { bearerActor, revokeGrantsWithoutProof } from './service';
export { oauthModule } from './module';
