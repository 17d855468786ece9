// Tables of this module (drizzle). Placeholder until the module is built.
export {};
