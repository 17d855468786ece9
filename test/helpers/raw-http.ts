import { connect } from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Map<string, string>;
  body: string;
}

/**
 * One HTTP/1.1 request written byte for byte on a socket (`fetch` would not send a malformed Host),
 * with `Connection: close`; the answer as the server wrote it.
 */
export function rawRequest(port: number, head: { method?: string; target: string; host: string | null; headers?: string[] }): Promise<RawAnswer> {
  const lines = [
    `${head.method ?? 'GET'} ${head.target} HTTP/1.1`,
    ...(head.host === null ? [] : [`Host: ${head.host}`]),
    ...(head.headers ?? []),
    'Connection: close',
  ];
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`${lines.join('\r\n')}\r\n\r\n`));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const split = text.indexOf('\r\n\r\n');
      const [statusLine = '', ...headerLines] = text.slice(0, split === -1 ? undefined : split).split('\r\n');
      const headers = new Map<string, string>();
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: split === -1 ? '' : text.slice(split + 4) });
    });
  });
}
