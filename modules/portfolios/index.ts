// The portfolios module's public face: no other module uses it (the kernel loads its plugin.ts).
export {};
