// The import-export module's public face: its descriptor (the import's body bound is declared there).
export { importExportModule } from './module';
