import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  contentSecurityPolicy,
  cspOptionsFromEnv,
  inlineScriptHashes,
  policyDirectives as directives,
  previewApiOrigin,
  uncertainHostOrigin,
  withCspMeta,
} from '../csp.ts';
import { startServe } from './_serve.ts';
import { injectSettings, settingsBlock } from '../settings-block.ts';

const BOOT = `
      (function (base) { var s = document.createElement('script'); s.src = base + 'main.js'; })(window.routerBase || '/');
    `;
const INDEX = `<!doctype html>
<html>
  <head>
    <meta charset="utf-8" />
    <title></title>
    ${settingsBlock({ routerBase: '/' })}
    <!-- <script>not a script: a comment</script> -->
    <script id="folio-boot">${BOOT}</script>
    <script defer src="./vendor.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

function sha(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}

describe('inlineScriptHashes', () => {
  it('hashes the settings block and the boot loader, not external or commented-out scripts', () => {
    expect(inlineScriptHashes(INDEX)).toEqual([sha('window.routerBase = "/";'), sha(BOOT)]);
  });

  it('hashes text as the browser does, after turning CRLF into LF', () => {
    expect(inlineScriptHashes('<script>a();\r\nb();</script>')).toEqual([sha('a();\nb();')]);
  });
});

describe('contentSecurityPolicy', () => {
  const policy = directives(contentSecurityPolicy({ html: INDEX }));

  it('allows only our own scripts, the two inline ones by hash, and wasm compilation', () => {
    expect(policy.get('script-src')).toEqual([
      "'self'",
      sha('window.routerBase = "/";'),
      sha(BOOT),
      "'wasm-unsafe-eval'",
    ]);
    expect(contentSecurityPolicy({ html: INDEX })).not.toMatch(
      /'unsafe-eval'|script-src[^;]*'unsafe-inline'/,
    );
  });

  it('has every directive docs/deploying.md names', () => {
    expect(Object.fromEntries(policy)).toEqual({
      'default-src': ["'self'"],
      'script-src': expect.any(Array) as unknown,
      'worker-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'"],
      'media-src': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'none'"],
      'frame-ancestors': ['*'],
    });
  });

  it('follows an edited settings block: new hash, and the facility origin in connect-src', () => {
    const edited = injectSettings(INDEX, {
      routerBase: '/docs/viewer/',
      previewApi: 'https://preview.example:8443/api/',
    });
    const moved = directives(contentSecurityPolicy({ html: edited }));
    expect(moved.get('script-src')).toContain(
      sha(
        'window.routerBase = "/docs/viewer/"; window.previewApi = "https://preview.example:8443/api/";',
      ),
    );
    expect(moved.get('script-src')).not.toContain(sha('window.routerBase = "/";'));
    expect(moved.get('connect-src')).toEqual(["'self'", 'https://preview.example:8443']);
  });

  it('adds connect sources once, and restricts framing when told to', () => {
    const html = INDEX.replace(
      'window.routerBase = "/";',
      "window.previewApi = 'https://f.example/api/';",
    );
    const policy = directives(
      contentSecurityPolicy({
        html,
        connectSrc: ['https://f.example', 'https://cdn.example'],
        frameAncestors: ["'self'", 'https://host.example'],
      }),
    );
    expect(policy.get('connect-src')).toEqual([
      "'self'",
      'https://f.example',
      'https://cdn.example',
    ]);
    expect(policy.get('frame-ancestors')).toEqual(["'self'", 'https://host.example']);
    expect(
      directives(contentSecurityPolicy({ html, frameAncestors: [] })).get('frame-ancestors'),
    ).toEqual(["'none'"]);
  });

  it.each([
    [{}, ['*']],
    [{ hostOrigin: 'self' }, ["'self'"]],
    [{ hostOrigin: 'https://host.example' }, ["'self'", 'https://host.example']],
    [{ signTargetOrigin: 'https://old.example' }, ["'self'", 'https://old.example']],
    [
      { hostOrigin: 'https://host.example', signTargetOrigin: 'https://old.example' },
      ["'self'", 'https://host.example'],
    ],
  ])('frame-ancestors follows the host origin of the settings %p', (settings, expected) => {
    const html = injectSettings(INDEX, { routerBase: '/', ...settings });
    expect(directives(contentSecurityPolicy({ html })).get('frame-ancestors')).toEqual(expected);
    // CSP_FRAME_ANCESTORS, when the deployer sets it, wins.
    const given = contentSecurityPolicy({ html, frameAncestors: ['https://portal.example'] });
    expect(directives(given).get('frame-ancestors')).toEqual(['https://portal.example']);
  });

  it('leaves frame-ancestors out of a meta policy', () => {
    expect(contentSecurityPolicy({ html: INDEX, delivery: 'meta' })).not.toContain(
      'frame-ancestors',
    );
  });
});

describe('previewApiOrigin', () => {
  it.each([
    ['window.previewApi = "/api/";', undefined],
    ["window.previewApi = 'https://a.example/x/';", 'https://a.example'],
    ['window.previewApi = "javascript:alert(1)";', undefined],
    ['window.routerBase = "/";', undefined],
  ])('%s → %s', (script, origin) => {
    expect(previewApiOrigin(`<script id="folio-settings">${script}</script>`)).toBe(origin);
  });
});

describe('withCspMeta', () => {
  it('writes the meta first after the charset, with the page’s own hashes', () => {
    const html = withCspMeta(INDEX);
    const content = /<meta http-equiv="Content-Security-Policy" content="([^"]*)" \/>/.exec(
      html,
    )?.[1];
    expect(content).toBe(contentSecurityPolicy({ html: INDEX, delivery: 'meta' }));
    expect(html.indexOf('Content-Security-Policy')).toBeLessThan(html.indexOf('folio-settings'));
    expect(html.indexOf('charset')).toBeLessThan(html.indexOf('Content-Security-Policy'));
  });

  it('rewrites the meta after the settings change, keeping one', () => {
    const edited = injectSettings(withCspMeta(INDEX), { routerBase: '/elsewhere/' });
    const again = withCspMeta(edited);
    expect(again.match(/Content-Security-Policy/g)).toHaveLength(1);
    expect(again).toContain(sha('window.routerBase = "/elsewhere/";'));
    expect(again).not.toContain(sha('window.routerBase = "/";'));
    expect(withCspMeta(again)).toBe(again);
  });
});

describe('cspOptionsFromEnv', () => {
  it('reads space-separated sources, and leaves blank ones to the defaults', () => {
    expect(
      cspOptionsFromEnv({
        CSP_CONNECT_SRC: ' https://a.example  https://b.example ',
        CSP_FRAME_ANCESTORS: "'self'",
      }),
    ).toEqual({
      connectSrc: ['https://a.example', 'https://b.example'],
      frameAncestors: ["'self'"],
    });
    expect(cspOptionsFromEnv({ CSP_FRAME_ANCESTORS: ' ' })).toEqual({});
  });

  it('refuses what is not an origin or a keyword, so a server does not start with it', () => {
    expect(() => cspOptionsFromEnv({ CSP_FRAME_ANCESTORS: 'https://host.example/path' })).toThrow(
      /CSP_FRAME_ANCESTORS: "https:\/\/host.example\/path" is not an origin/,
    );
    expect(() =>
      cspOptionsFromEnv({ CSP_CONNECT_SRC: "https://a.example; script-src 'unsafe-eval'" }),
    ).toThrow(/CSP_CONNECT_SRC/);
    expect(() => cspOptionsFromEnv({ CSP_CONNECT_SRC: '*' })).toThrow(/CSP_CONNECT_SRC: "\*"/);
    // A host that is no literal name: a wildcard, a directive or a second source smuggled in.
    for (const source of [
      'https://*',
      'https://*.example',
      'https://a.example;sandbox',
      'https://a,b',
    ]) {
      expect(() => cspOptionsFromEnv({ CSP_FRAME_ANCESTORS: source })).toThrow(/not an origin/);
      expect(() => cspOptionsFromEnv({ CSP_CONNECT_SRC: source })).toThrow(/not an origin/);
    }
    expect(
      cspOptionsFromEnv({ CSP_CONNECT_SRC: 'https://[::1]:8443 http://127.0.0.1:9000' }),
    ).toEqual({
      connectSrc: ['https://[::1]:8443', 'http://127.0.0.1:9000'],
    });
    expect(cspOptionsFromEnv({ CSP_FRAME_ANCESTORS: "* 'none'" })).toEqual({
      frameAncestors: ['*', "'none'"],
    });
  });
});

describe("the page's hostOrigin, read with a parser (never a fail-open *)", () => {
  const page = (script: string) =>
    `<!doctype html><html><head><script id="folio-settings">${script}</script></head></html>`;
  const ancestors = (script: string) =>
    directives(contentSecurityPolicy({ html: page(script) })).get('frame-ancestors');

  it.each([
    ['a template literal', 'window.hostOrigin = `https://host.example`;'],
    ['a computed key with a string', "window['hostOrigin'] = 'https://host.example';"],
    [
      'an older assignment left in a comment',
      "/* window.hostOrigin = '*'; */ window.hostOrigin = 'https://host.example';",
    ],
    [
      'an HTML comment around an old block',
      "window.hostOrigin = 'https://host.example';</script><!-- <script>window.hostOrigin = 'https://evil.example';</script> --><script>",
    ],
    [
      'the last of two assignments',
      "window.hostOrigin = 'https://old.example'; window.hostOrigin = 'https://host.example';",
    ],
  ])('%s is read exactly', (_name, script) => {
    expect(ancestors(script)).toEqual(["'self'", 'https://host.example']);
    expect(uncertainHostOrigin(page(script))).toBeUndefined();
  });

  it.each([
    ['a computed value', 'window.hostOrigin = location.ancestorOrigins[0];'],
    ['a template with a substitution', 'window.hostOrigin = `https://${"host"}.example`;'],
    ['Object.assign', "Object.assign(window, { hostOrigin: 'https://host.example' });"],
    ['a script that does not parse', "window.hostOrigin = 'https://host.example"],
  ])('%s is uncertain: only Folio itself may frame it', (_name, script) => {
    expect(ancestors(script)).toEqual(["'self'"]);
    expect(uncertainHostOrigin(page(script))).toEqual(expect.any(String));
  });

  it('a value that is no origin frames Folio alone; none at all lets anyone embed it', () => {
    expect(ancestors("window.hostOrigin = 'host.example';")).toEqual(["'self'"]);
    expect(ancestors("window.hostOrigin = 'https://*';")).toEqual(["'self'"]);
    expect(ancestors("window.hostOrigin = 'https://a.example;sandbox';")).toEqual(["'self'"]);
    expect(ancestors("window.routerBase = '/';")).toEqual(['*']);
  });

  it('npm run serve refuses to start on a page whose hostOrigin it cannot read', async () => {
    await expect(
      startServe({
        settingsScript: "window.routerBase = '/viewer/'; window.hostOrigin = top.origin;",
      }),
    ).rejects.toThrow(/hostOrigin cannot be read with certainty/);
  });
});

describe('npm run csp -- <index.html>', () => {
  it('rewrites the meta of an edited page and prints the header for it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'folio-csp-'));
    const file = path.join(dir, 'index.html');
    try {
      writeFileSync(file, injectSettings(withCspMeta(INDEX), { routerBase: '/moved/' }));
      const printed = execFileSync(process.execPath, [path.join(__dirname, '..', 'csp.ts'), file], {
        encoding: 'utf8',
        env: { ...process.env, CSP_FRAME_ANCESTORS: 'https://host.example' },
      });
      const html = readFileSync(file, 'utf8');
      expect(html).toContain(sha('window.routerBase = "/moved/";'));
      expect(html).toBe(withCspMeta(html));
      expect(printed).toContain(
        `Content-Security-Policy: ${contentSecurityPolicy({ html, frameAncestors: ['https://host.example'] })}\n`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
