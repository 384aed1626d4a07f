/** A failed conversion's message: LibreOffice's own words, nothing of the server's layout. */
import { lastWords } from '../libreoffice.ts';

test("a crash's backtrace and paths stay out of the message", () => {
  const output = [
    'convert /job/input.docx -> /job/out/input.pdf using filter : writer_pdf_Export',
    'Fatal exception: Signal 6',
    'Stack:',
    '/usr/lib/libreoffice/program/libuno_sal.so.3(+0x3c5a2)[0x7f3b2c1d15a2]',
    '/usr/lib/libreoffice/program/libuno_sal.so.3(+0x3c71a)[0x7f3b2c1d171a]',
    '/lib/x86_64-linux-gnu/libc.so.6(+0x3c050)[0x7f3b2be3c050]',
    'Error: source file could not be loaded from file:///job/input.docx',
  ].join('\n');
  const words = lastWords(output);
  expect(words).toContain('Fatal exception: Signal 6');
  expect(words).toContain('Error: source file could not be loaded from input.docx');
  expect(words).not.toMatch(/\/usr|\/lib|\/job|0x|\.so/);
});
