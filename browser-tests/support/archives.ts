// A real e-mail for the listing view's browser tests (listing.test.ts), made by the test itself:
// an RFC 5322 message with an HTML body, an inline image and a PDF attachment.

/** A one-pixel GIF, the e-mail's inline image. */
const PIXEL = 'R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==';

/** An e-mail with an HTML body (and a remote image that must not be fetched) and a PDF. */
export function emailWithPdf(pdf: Uint8Array, pdfName: string): string {
  const wrap = (text: string) => text.replace(/.{1,76}/g, '$&\r\n');
  return [
    'From: Li Lei <li@example.com>',
    'To: Han Meimei <han@example.com>',
    'Subject: =?UTF-8?B?' + Buffer.from('合同 / the contract').toString('base64') + '?=',
    'Date: Fri, 02 Jan 2026 03:04:05 +0000',
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="mixed"',
    '',
    '--mixed',
    'Content-Type: multipart/related; boundary="related"',
    '',
    '--related',
    'Content-Type: text/html; charset=utf-8',
    '',
    '<p>Hello <b>Han Meimei</b>,</p><p>the contract is attached.</p>' +
      '<img src="cid:pixel@folio" alt="logo"><img src="https://tracker.example/p.png" alt="remote">' +
      '<script>window.__pwned = 1</script>',
    '--related',
    'Content-Type: image/gif',
    'Content-ID: <pixel@folio>',
    'Content-Transfer-Encoding: base64',
    '',
    PIXEL,
    '--related--',
    '--mixed',
    `Content-Type: application/pdf; name="${pdfName}"`,
    `Content-Disposition: attachment; filename="${pdfName}"`,
    'Content-Transfer-Encoding: base64',
    '',
    wrap(Buffer.from(pdf).toString('base64')),
    '--mixed--',
    '',
  ].join('\r\n');
}
