import { Writable } from 'node:stream';
import pino from 'pino';

/** A real pino logger whose JSON lines land in `lines` (what a process would write to stdout). */
export function capturingLogger(level = 'info') {
  const lines: any[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  return { log: pino({ level }, stream), lines };
}
