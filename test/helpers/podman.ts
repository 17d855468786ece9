import { spawn } from 'bun';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** podman and mmdebstrap (Debian packages); the container tests need both. */
export const PODMAN = ['/usr/bin/podman'].find((path) => existsSync(path));
export const MMDEBSTRAP = ['/usr/bin/mmdebstrap'].find((path) => existsSync(path));

/**
 * Global flags this machine needs (an old cgroup layout, no systemd): runc, cgroupfs, events in a file.
 * Builds run in a chroot with the host's network; containers share the host's network on distinct ports.
 */
const GLOBAL = ['--runtime', 'runc', '--cgroup-manager', 'cgroupfs', '--events-backend', 'file'];

export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** `podman …`; throws with its output when it fails, unless `allowFailure`. */
export async function podman(args: string[], opts: { allowFailure?: boolean; timeoutMs?: number } = {}): Promise<Ran> {
  const proc = spawn([PODMAN!, ...GLOBAL, ...args], { stdout: 'pipe', stderr: 'pipe' });
  const timer = setTimeout(() => proc.kill('SIGKILL'), opts.timeoutMs ?? 120_000);
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  clearTimeout(timer);
  if (code !== 0 && !opts.allowFailure) throw new Error(`podman ${args.join(' ')} exited ${code}: ${stderr.slice(-2000)}${stdout.slice(-2000)}`);
  return { code, stdout, stderr };
}

/** Where a base root file system made once is kept between runs on this machine (one mmdebstrap per machine). */
const CACHE = process.env.LINKHOP_CONTAINER_CACHE ?? '/var/cache/linkhop-ci';
export const BASE_IMAGE = 'localhost/linkhop-test-base:bookworm-node';

/**
 * No base image can be pulled here: Debian bookworm (minbase) with Node and npm from Debian, made by
 * mmdebstrap and imported. It stands in for the Containerfile's default base, a public Node image.
 */
export async function ensureBaseImage(): Promise<void> {
  if ((await podman(['image', 'exists', BASE_IMAGE], { allowFailure: true })).code === 0) return;
  mkdirSync(CACHE, { recursive: true });
  const tar = join(CACHE, 'bookworm-node.tar');
  // a directory there is an earlier run's mistake (mmdebstrap guessed the format from a `.partial` name): made again
  if (existsSync(tar) && statSync(tar).isDirectory()) rmSync(tar, { recursive: true, force: true });
  if (!existsSync(tar)) {
    rmSync(`${tar}.partial`, { recursive: true, force: true });
    // the format named: mmdebstrap otherwise guesses it from the file name, and `.partial` means a directory to it
    const made = spawn([MMDEBSTRAP!, '--variant=minbase', '--format=tar', '--include=ca-certificates,nodejs,npm', 'bookworm', `${tar}.partial`], {
      stdout: 'pipe',
      stderr: 'pipe',
    });
    const [out, code] = await Promise.all([new Response(made.stderr).text(), made.exited]);
    if (code !== 0) throw new Error(`mmdebstrap exited ${code}: ${out.slice(-2000)}`);
    renameSync(`${tar}.partial`, tar);
  }
  const raw = `${BASE_IMAGE}-raw`;
  await podman(['import', '--change', 'CMD ["/bin/bash"]', tar, raw], { timeoutMs: 300_000 });
  // this machine reaches the npm registry through a proxy of its own CA: the base trusts what the machine trusts
  const context = mkdtempSync(join(tmpdir(), 'lh-base-'));
  try {
    copyFileSync('/etc/ssl/certs/ca-certificates.crt', join(context, 'ca-certificates.crt'));
    writeFileSync(join(context, 'Containerfile'), `FROM ${raw}\nCOPY ca-certificates.crt /etc/ssl/certs/ca-certificates.crt\n`);
    await podman(['build', '--isolation', 'chroot', '--network', 'host', '-t', BASE_IMAGE, context], { timeoutMs: 300_000 });
  } finally {
    rmSync(context, { recursive: true, force: true });
  }
}

/** Builds the repository's Containerfile on the test base; returns the build's seconds. */
export async function buildImage(context: string, tag: string): Promise<number> {
  const started = performance.now();
  // docker format: OCI images have no HEALTHCHECK, podman drops it from them
  await podman(
    [
      'build',
      '--format',
      'docker',
      '--isolation',
      'chroot',
      '--network',
      'host',
      '--build-arg',
      `BASE=${BASE_IMAGE}`,
      '-t',
      tag,
      '-f',
      'Containerfile',
      context,
    ],
    {
      timeoutMs: 900_000,
    },
  );
  return (performance.now() - started) / 1000;
}

/** this sandbox refuses podman's default limits (and `--ulimit host`): limits it allows, ample for the tests */
export const LIMITS = ['--ulimit', 'nproc=4096:4096', '--ulimit', 'nofile=20000:20000'];

/** A detached container on the host's network; `env` as `-e NAME=value`. */
export async function runContainer(opts: { name: string; image: string; env: Record<string, string>; volume?: string; command?: string[] }): Promise<void> {
  const env = Object.entries(opts.env).flatMap(([name, value]) => ['-e', `${name}=${value}`]);
  const volume = opts.volume ? ['-v', opts.volume] : [];
  await podman(['run', '-d', '--name', opts.name, ...LIMITS, '--network', 'host', ...env, ...volume, opts.image, ...(opts.command ?? [])]);
}

export const removeContainer = (name: string) => podman(['rm', '-f', '-t', '0', name], { allowFailure: true });
export const containerLogs = async (name: string) => {
  const { stdout, stderr } = await podman(['logs', name], { allowFailure: true });
  return stdout + stderr;
};
