// The extension's service worker. The popup does the work; the worker only exists so that the
// browser (and the tests, which find the extension's id by it) has a background context.
export {};
