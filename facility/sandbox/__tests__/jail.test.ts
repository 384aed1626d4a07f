/**
 * The converters' sandbox (jail.ts) as a program inside it sees it: its root holds the programs,
 * the fonts and its own job's folder, nothing of the server's (docs/server.md, "Converters'
 * sandbox").
 */
import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { JAIL_ROOT, inJail, jailCheck, jailed, prepareJailFolder, writeIdentity } from '../jail.ts';

const run = promisify(execFile);
let root: string;
let work: string;
let other: string;
let secrets: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'folio-jail-'));
  await chmod(root, 0o711);
  work = path.join(root, 'job-a');
  other = path.join(root, 'job-b');
  secrets = path.join(root, 'docs');
  for (const dir of [work, other, secrets]) await mkdir(dir);
  await writeFile(path.join(work, 'input.svg'), '<svg/>');
  await writeFile(path.join(other, 'input.docx'), 'another job');
  await writeFile(path.join(secrets, 'secret.pdf'), 'a document');
  await prepareJailFolder(work);
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Runs a shell script in the job's sandbox; its output, whatever its exit. */
async function inside(script: string): Promise<string> {
  const { command, args, env } = jailed({ work, memoryMb: 512 }, '/bin/sh', ['-c', script]);
  const { stdout } = await run(command, args, { env: { ...env, SECRET: 'x' }, cwd: work });
  return stdout;
}

test('this machine can make the sandbox (the server refuses to start otherwise)', () => {
  expect(jailCheck()).toEqual({ ok: true });
});

test("the root holds the programs, the fonts and the job's folder, nothing else", async () => {
  const top = (await inside('ls -A /')).trim().split('\n');
  expect(top.filter((name) => !/^(lib32|lib64|libx32)$/.test(name)).sort()).toEqual(
    ['bin', 'dev', 'etc', 'job', 'lib', 'proc', 'sbin', 'tmp', 'usr', 'var'].sort(),
  );
  expect((await inside('ls -A /etc')).trim().split('\n').sort()).toEqual(
    expect.arrayContaining(['fonts', 'ld.so.cache']),
  );
  expect(await inside('ls -A /etc')).not.toMatch(/passwd|shadow|hosts|ssl/);
  expect((await inside(`ls -A ${JAIL_ROOT}`)).trim()).toBe('input.svg');
  expect(await inside('cat /etc/passwd 2>&1; echo end')).toMatch(/No such file[\s\S]*end/);
});

test("another job's folder, the documents and the server's temp folder are not there", async () => {
  for (const absent of [other, secrets, path.join(secrets, 'secret.pdf'), root]) {
    expect(await inside(`test -e '${absent}' && echo present || echo absent`)).toBe('absent\n');
  }
  expect((await inside('ls -A /tmp')).trim()).toBe('');
});

test('no network but a down loopback, no environment of the server, not root', async () => {
  const links = await inside('cat /proc/net/dev');
  expect(links).toMatch(/\blo:/);
  expect(links.split('\n').filter((line) => line.includes(':'))).toHaveLength(1);
  expect(await inside('env')).not.toContain('SECRET');
  expect((await inside('id -u')).trim()).not.toBe('0');
});

test("a program writes only in its job's folder", async () => {
  expect(await inside('echo x > /job/made && echo wrote')).toBe('wrote\n');
  expect(await inside('echo x > /usr/made 2>/dev/null && echo wrote || echo refused')).toBe(
    'refused\n',
  );
  expect(inJail({ work }, path.join(work, 'out', 'a.pdf'))).toBe(`${JAIL_ROOT}/out/a.pdf`);
  expect(() => inJail({ work }, path.join(other, 'input.docx'))).toThrow(/not in the job/);
});

test('given an identity, the program finds its own user, and only it, in /etc/passwd', async () => {
  const job = path.join(root, 'job-c');
  await mkdir(job);
  await prepareJailFolder(job);
  const identity = await writeIdentity(job);
  const { command, args, env } = jailed({ work: job, memoryMb: 512, identity }, '/bin/sh', [
    '-c',
    'cat /etc/passwd; echo "$(id -u):$(id -g) $(id -un)"',
  ]);
  const { stdout } = await run(command, args, { env });
  const [line, who = '', ...more] = stdout.trim().split('\n');
  expect(more).toEqual([]);
  const [ids = '', name] = who.split(' ');
  expect(ids).toMatch(/^\d+:\d+$/);
  expect(name).toBe('nobody');
  expect(line).toBe(`nobody:x:${ids}::${JAIL_ROOT}/home:/bin/false`);
});
