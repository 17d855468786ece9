// The tags module's public face: what other modules and the app use of it (nothing else is imported from outside).
export type { Tag } from './model';
export { listTags } from './service';
export { tagsModule } from './module';
