/**
 * The settings block a deployer edited in a built index.html survives `npm run serve`: the server
 * sets the router base and what its environment gives, keeps everything else, and its CSP header
 * allows the block exactly as served.
 */
import { inlineScriptHashes, policyDirectives } from '../csp.ts';
import { BASE, startServe } from './_serve.ts';

const EDITED = `
  window.routerBase = '/';
  window.previewApi = 'https://preview.example/api/';
  window.signTargetOrigin = 'https://host.example';
`;

test('an edited settings block is served with its settings, the base and the environment set', async () => {
  const served = await startServe({
    settingsScript: EDITED,
    options: { settings: { signTargetOrigin: 'https://other.example' } },
  });
  try {
    const res = await fetch(`${served.origin}${BASE}?doc=x`);
    const html = await res.text();
    const block = /<script id="folio-settings">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(block).toContain(`window.routerBase = "${BASE}";`);
    expect(block).toContain("window.previewApi = 'https://preview.example/api/';");
    expect(block).toContain('window.signTargetOrigin = "https://other.example";');
    expect(block).not.toContain('host.example');
    const scripts = policyDirectives(res.headers.get('content-security-policy') ?? '').get(
      'script-src',
    );
    expect(inlineScriptHashes(html).every((hash) => scripts?.includes(hash))).toBe(true);
    expect(
      policyDirectives(res.headers.get('content-security-policy') ?? '').get('connect-src'),
    ).toContain('https://preview.example');
  } finally {
    await served.close();
  }
});

test('a bad SIGN_TARGET_ORIGIN stops the server from starting, naming the variable', async () => {
  const before = process.env.SIGN_TARGET_ORIGIN;
  process.env.SIGN_TARGET_ORIGIN = '*';
  try {
    await expect(startServe()).rejects.toThrow('SIGN_TARGET_ORIGIN');
  } finally {
    if (before === undefined) delete process.env.SIGN_TARGET_ORIGIN;
    else process.env.SIGN_TARGET_ORIGIN = before;
  }
});

test('a hostOrigin written in the block by hand frames Folio for that host only (frame-ancestors)', async () => {
  const served = await startServe({
    settingsScript: `window.routerBase = '/'; window.hostOrigin = 'https://records.example';`,
  });
  try {
    const res = await fetch(`${served.origin}${BASE}?doc=x`);
    const html = await res.text();
    expect(html).toContain("window.hostOrigin = 'https://records.example';");
    const policy = policyDirectives(res.headers.get('content-security-policy') ?? '');
    expect(policy.get('frame-ancestors')).toEqual(["'self'", 'https://records.example']);
    expect(inlineScriptHashes(html).every((hash) => policy.get('script-src')?.includes(hash))).toBe(
      true,
    );
  } finally {
    await served.close();
  }
});
