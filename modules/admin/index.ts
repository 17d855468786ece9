// The admin module's public face: what other modules and the app use of it (nothing else is imported from outside).
export { bootstrap, mintApiKey, operatorSignInLink, setPlan } from './service';
export { adminModule } from './module';
