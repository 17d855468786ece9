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

/** A stream for `createLogger(level, stream)` (the app's own redaction and serializers) whose JSON lines land in `lines`. */
export function capturingStream() {
  const lines: any[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  return { stream, lines };
}
