// The conversions module's public face: what other modules and the app use of it (nothing else is imported from outside).
export { conversionStats } from './stats';
export { rebuildConversionRollups } from './rollup';
export { conversionsBefore } from './export';
export type { ConversionCursor } from './export';
