/** The settings block: what a server sets in it, and what it keeps of what a deployer wrote. */
import { settingsBlock, settingsFromEnv, updateSettings } from '../settings-block.ts';

const page = (block: string) =>
  `<!doctype html><html><head>${block}<script id="folio-boot">boot()</script></head></html>`;
const DEPLOYED = page(
  `<script id="folio-settings">
  window.routerBase = '/';
  window.previewApi = 'https://preview.example/api/';
  window.signTargetOrigin = 'https://host.example';
  // kept: a deployer's note
</script>`,
);

describe('updateSettings: the server sets what it owns and keeps the rest', () => {
  it('sets the router base and keeps every other setting and comment', () => {
    const html = updateSettings(DEPLOYED, { routerBase: '/viewer/' });
    expect(html).toContain('window.routerBase = "/viewer/";');
    expect(html).not.toContain("window.routerBase = '/'");
    expect(html).toContain("window.previewApi = 'https://preview.example/api/';");
    expect(html).toContain("window.signTargetOrigin = 'https://host.example';");
    expect(html).toContain('// kept: a deployer');
    expect(html).toContain('<script id="folio-boot">boot()</script>');
  });

  it('an environment setting replaces the written one, or is added when there is none', () => {
    const html = updateSettings(page(settingsBlock({ routerBase: '/' })), {
      routerBase: '/',
      signTargetOrigin: 'https://other.example',
    });
    expect(html).toContain('window.signTargetOrigin = "https://other.example";');
    const replaced = updateSettings(DEPLOYED, { routerBase: '/', previewApi: '/api/' });
    expect(replaced.match(/window\.previewApi/g)).toHaveLength(1);
    expect(replaced).toContain('window.previewApi = "/api/";');
  });

  it('a value cannot end the script element, and $ in a value is kept as written', () => {
    const html = updateSettings(DEPLOYED, { routerBase: '/a</script><script>x()/$&/' });
    expect(html).toContain(String.raw`window.routerBase = "/a\u003c/script>\u003cscript>x()/$&/";`);
    expect(html.match(/<\/script>/g)).toHaveLength(2);
  });

  it('a page without a block is refused', () => {
    expect(() => updateSettings('<html></html>', { routerBase: '/' })).toThrow('folio-settings');
  });
});

describe('settingsFromEnv: PREVIEW_API, HOST_ORIGIN and SIGN_TARGET_ORIGIN, checked at start', () => {
  it('takes an http(s) URL or a path for PREVIEW_API, with a trailing slash', () => {
    expect(settingsFromEnv({ PREVIEW_API: 'https://preview.example/api' })).toEqual({
      previewApi: 'https://preview.example/api/',
    });
    expect(settingsFromEnv({ PREVIEW_API: '/facility/' })).toEqual({ previewApi: '/facility/' });
    expect(settingsFromEnv({ PREVIEW_API: '  ' })).toEqual({});
  });

  it("takes 'self' or an origin for SIGN_TARGET_ORIGIN", () => {
    expect(settingsFromEnv({ SIGN_TARGET_ORIGIN: 'self' })).toEqual({ signTargetOrigin: 'self' });
    expect(settingsFromEnv({ SIGN_TARGET_ORIGIN: 'https://host.example:8443' })).toEqual({
      signTargetOrigin: 'https://host.example:8443',
    });
  });

  it("takes 'self' or an origin for HOST_ORIGIN", () => {
    expect(settingsFromEnv({ HOST_ORIGIN: 'http://127.0.0.1:8080' })).toEqual({
      hostOrigin: 'http://127.0.0.1:8080',
    });
    expect(settingsFromEnv({ HOST_ORIGIN: 'self', SIGN_TARGET_ORIGIN: 'self' })).toEqual({
      hostOrigin: 'self',
      signTargetOrigin: 'self',
    });
  });

  it('writes HOST_ORIGIN into the block, keeping what a deployer wrote there', () => {
    const html = updateSettings(DEPLOYED, { routerBase: '/', hostOrigin: 'https://host.example' });
    expect(html).toContain('window.hostOrigin = "https://host.example";');
    expect(html).toContain("window.signTargetOrigin = 'https://host.example';");
  });

  it.each([
    ['HOST_ORIGIN', '*'],
    ['HOST_ORIGIN', 'https://host.example/'],
    ['PREVIEW_API', 'ftp://preview.example/'],
    ['PREVIEW_API', 'preview/api'],
    ['SIGN_TARGET_ORIGIN', '*'],
    ['SIGN_TARGET_ORIGIN', 'https://host.example/path'],
    ['SIGN_TARGET_ORIGIN', 'host.example'],
    // URLs parse these, and each would bend the CSP it is written into (origin.ts).
    ['HOST_ORIGIN', 'https://*'],
    ['HOST_ORIGIN', 'https://*.example'],
    ['HOST_ORIGIN', 'https://a.example;sandbox'],
    ['HOST_ORIGIN', 'https://a.example,b'],
    ['HOST_ORIGIN', "https://a'b.example"],
    ['HOST_ORIGIN', 'https://a.example sandbox'],
    ['SIGN_TARGET_ORIGIN', 'https://a.example;script-src'],
  ])('refuses %s=%s, naming the variable', (name, value) => {
    expect(() => settingsFromEnv({ [name]: value })).toThrow(name);
  });
});
