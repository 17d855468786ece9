// The api-keys module's public face: what other modules and the app use of it (nothing else is imported from outside).
export { createApiKey, createAuthenticator, deleteKeysWithoutProof, workspaceKeyCacheKeys } from './service';
export { apiKeysModule } from './module';
