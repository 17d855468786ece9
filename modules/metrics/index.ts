// The metrics module's public face: no other module uses it (app/modules.ts loads its module.ts; modules count through core/metrics.ts).
export {};
