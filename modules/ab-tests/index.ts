// The ab-tests module's public face: what other modules and the app use of it (nothing else is imported from outside).
export { AbVariants } from './model';
export { abTestsModule } from './module';
