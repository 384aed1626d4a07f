/** @jest-environment node */
/**
 * An encrypted file's password, asked by the facility (contracts §3, "Passwords"): the doc model
 * on a real app against the real dev facility over HTTP, with a 7z whose listing is encrypted,
 * built here by 7zz. No password: `passwordRequired`; a wrong one: `passwordIncorrect`; the right
 * one: the listing. The password is held by services/documentPassword.ts, never by the store.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { docActions } from '../..';
import { documentPasswordHeaders } from '../../../../services/documentPassword';
import { startApp } from '../../__tests__/startedApp';
import { startFacility, until } from '../../__tests__/facility';
import type { Facility } from '../../__tests__/facility';

jest.setTimeout(30_000);

const PASSWORD = 'Geheim ä1 秘密';
const globals = globalThis as { previewApi?: string };

let facility: Facility;

beforeAll(async () => {
  facility = await startFacility();
  const work = await mkdtemp(path.join(os.tmpdir(), 'folio-locked-'));
  try {
    await writeFile(path.join(work, 'note.txt'), 'secret');
    execFileSync('7zz', ['a', '-bd', `-p${PASSWORD}`, '-mhe=on', 'locked.7z', 'note.txt'], {
      cwd: work,
      stdio: 'ignore',
    });
    await facility.addFile('locked.7z', await readFile(path.join(work, 'locked.7z')));
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  await facility.addPdf('other.pdf');
  globals.previewApi = facility.previewApi;
});

afterAll(async () => {
  delete globals.previewApi;
  await facility.close();
});

it('asks for the password, says when it is wrong, opens with the right one, and forgets it for another document', async () => {
  const { app, onError } = startApp();
  expect(await app.dispatch(docActions.fetch('locked.7z'))).toBe('error');
  expect(app.getState().doc.error).toEqual({ kind: 'passwordRequired', status: 422 });

  void app.dispatch(docActions.givePassword({ id: 'locked.7z', password: 'wrong' }));
  await until(
    () => app.getState().doc.error?.kind === 'passwordIncorrect',
    20_000,
    'the wrong password refused',
  );

  void app.dispatch(docActions.givePassword({ id: 'locked.7z', password: PASSWORD }));
  await until(() => app.getState().doc.status === 'ready', 20_000, 'the listing');
  const { doc } = app.getState();
  expect(doc.docData.view).toBe('listing');
  expect(doc.docData.listing?.entries.map((entry) => entry.path)).toEqual(['note.txt']);
  // The store never holds it: only the service, for the requests of this archive.
  expect(JSON.stringify(app.getState())).not.toContain(PASSWORD);
  expect(documentPasswordHeaders()).toEqual({
    'X-Folio-Password': Buffer.from(PASSWORD).toString('base64'),
  });

  // Its entries keep it; another document forgets it.
  void app.dispatch(docActions.fetch('locked.7z!1'));
  expect(documentPasswordHeaders()).not.toEqual({});
  expect(await app.dispatch(docActions.fetch('other.pdf'))).toBe('ready');
  expect(documentPasswordHeaders()).toEqual({});
  expect(onError).not.toHaveBeenCalled();
});
