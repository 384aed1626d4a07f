// SPDX-License-Identifier: GPL-3.0-or-later
//
// dwg-to-dxf — a program of its own, not a part of Folio: it reads one DWG drawing with LibreDWG
// (compiled to WebAssembly by @mlightcad/libredwg-web, GPL-3.0) and writes it as an ASCII DXF.
// Copyright (C) 2026 the Folio authors.
//
// This program is free software: you can redistribute it and/or modify it under the terms of the
// GNU General Public License as published by the Free Software Foundation, either version 3 of
// the License, or (at your option) any later version. It is distributed WITHOUT ANY WARRANTY;
// see <https://www.gnu.org/licenses/>. README.md beside it says how Folio runs it.
//
//   node dwg-to-dxf.mjs <libredwg-web package folder> <input.dwg> <output.dxf>
//
// Exit 0: the DXF is written. Exit 2: the input is not a drawing LibreDWG reads (the reason on
// stderr). Exit 3: LibreDWG ran out of its memory. Exit 1: anything else.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { pathToFileURL } from 'node:url';

const [packageDir, input, output] = process.argv.slice(2);
if (packageDir === undefined || input === undefined || output === undefined) {
  process.stderr.write('usage: dwg-to-dxf.mjs <libredwg-web folder> <input.dwg> <output.dxf>\n');
  process.exit(1);
}

const bytes = readFileSync(input);
// Every DWG from R13 on starts with its version, "AC1012" … "AC1032".
const version = bytes.subarray(0, 6).toString('latin1');
if (!/^AC10(1[2-9]|2[0-9]|3[0-2])$/.test(version)) {
  process.stderr.write(
    `not a DWG drawing of R13 or later (it starts "${version.replace(/[^\x20-\x7e]/g, '?')}")\n`,
  );
  process.exit(2);
}

const { LibreDwg } = await import(
  pathToFileURL(path.join(packageDir, 'dist', 'libredwg-web.js')).href
);
// The library logs its codes with console.log; stdout is not this program's answer.
globalThis.console.log = (...words) => process.stderr.write(`${words.join(' ')}\n`);
let dxf;
try {
  const libredwg = await LibreDwg.create(path.join(packageDir, 'wasm') + path.sep);
  dxf = libredwg.dwg_write_dxf(bytes);
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`${message}\n`);
  process.exit(/out of (wasm )?memory|Cannot enlarge memory|OOM/i.test(message) ? 3 : 2);
}
if (dxf === null || dxf === undefined || dxf.length === 0) {
  process.stderr.write(`LibreDWG could not read this ${version} drawing\n`);
  process.exit(2);
}
writeFileSync(output, dxf);
process.stdout.write(`${version}\n`);
