// A minimal zip writer (deflate, no directories inside): enough for a browser store's upload,
// without a dependency or the `zip` program on the machine.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';

export function zipFiles(dir: string): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const name of readdirSync(dir).sort()) {
    const data = readFileSync(join(dir, name));
    const packed = deflateRawSync(data);
    const crc = Bun.hash.crc32(data);
    const fileName = Buffer.from(name);
    const header = (central: boolean) => {
      const h = Buffer.alloc(central ? 46 : 30);
      let at = 0;
      const u32 = (v: number) => void (at = h.writeUInt32LE(v >>> 0, at));
      const u16 = (v: number) => void (at = h.writeUInt16LE(v, at));
      u32(central ? 0x02014b50 : 0x04034b50);
      if (central) u16(20); // made by
      u16(20); // needed to extract
      u16(0x0800); // names in UTF-8
      u16(8); // deflate
      u16(0); // time
      u16(0x21); // date: 1980-01-01, the same bytes at every build
      u32(crc);
      u32(packed.length);
      u32(data.length);
      u16(fileName.length);
      u16(0); // extra
      if (central) {
        u16(0); // comment
        u16(0); // disk
        u16(0); // internal attributes
        u32(0); // external attributes
        u32(offset);
      }
      return h;
    };
    const local = Buffer.concat([header(false), fileName, packed]);
    centrals.push(Buffer.concat([header(true), fileName]));
    locals.push(local);
    offset += local.length;
  }
  const central = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length, 8);
  end.writeUInt16LE(centrals.length, 10);
  end.writeUInt32LE(central.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, central, end]);
}
