// autocannon ships no type declarations
declare module 'autocannon';
