// The sequences module's public face: what other modules and the app use of it (nothing else is imported from outside).
export { Sequence } from './model';
export { sequencesModule } from './module';
