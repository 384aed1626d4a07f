// The build (contracts §2): the wildcard page is a lazy route that loads as exactly two script
// chunks (the page and its vendor chunk with pdf.js); chunks load from a public path set at
// runtime from `window.routerBase`, so a build is relocated by editing index.html's settings only.
import path from 'node:path';
import process from 'node:process';
import { createRequire } from 'node:module';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import CopyWebpackPlugin from 'copy-webpack-plugin';
import CompressionPlugin from 'compression-webpack-plugin';
import webpack from 'webpack';
import { normaliseBase, settingsBlock, settingsFromEnv } from './server/settings-block.ts';
import { devMiddleware } from './server/app.ts';
import { exampleLinks } from './server/example-links.ts';
import { CSP_HEADER, contentSecurityPolicy, cspOptionsFromEnv, withCspMeta } from './server/csp.ts';

const require = createRequire(import.meta.url);
const root = import.meta.dirname;
const pdfjsDir = path.dirname(require.resolve('pdfjs-dist/package.json'));
const pdfjsVersion = require('pdfjs-dist/package.json').version;
// react-router 7's package exports name only its development build (dev warnings on); the same
// code with them off is beside it, in dist/production (remix-run/react-router#12532).
const reactRouterDist = path.join(
  path.dirname(require.resolve('react-router/package.json')),
  'dist',
  'production',
);

/**
 * Brotli and gzip siblings of every file worth compressing (scripts, styles, the worker, pdf.js's
 * cmaps, fonts, wasm and ICC profiles), made once at build; the server picks one by
 * Accept-Encoding (docs/deploying.md). Not index.html: its settings block is edited after the
 * build, and the servers rewrite it per request. The bench's anchor page is built with them too.
 */
export function precompressPlugins() {
  return [
    ['brotliCompress', '[path][base].br'],
    ['gzip', '[path][base].gz'],
  ].map(
    ([algorithm, filename]) =>
      new CompressionPlugin({
        algorithm,
        filename,
        test: /\.(m?js|css|svg|json|bcmap|pfb|ttf|otf|wasm|icc|map)$/,
        threshold: 1024,
        minRatio: 0.9,
      }),
  );
}

/**
 * index.html gets its CSP <meta> from its own inline scripts, in every build (server/csp.ts) —
 * after webpack's real content hashes have rewritten the file names in its boot script.
 */
class CspMetaPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('CspMetaPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'CspMetaPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_HASH + 1 },
        () => {
          const html = compilation.getAsset('index.html')?.source.source().toString();
          if (html === undefined) {
            compilation.errors.push(
              new compiler.webpack.WebpackError('CspMetaPlugin: no index.html'),
            );
            return;
          }
          const withMeta = withCspMeta(html, cspOptionsFromEnv());
          compilation.updateAsset('index.html', new sources.RawSource(withMeta));
        },
      );
    });
  }
}

/**
 * What runs before the app (src/boot/): the boot, in index.html's head, and the first frame
 * (docs/decisions/2026-11-26-first-frame.md), at the end of its body. Both are built as entries
 * of their own and inlined (InlineEntriesPlugin): no file to wait for.
 */
const BOOT = 'boot';
const FIRST_FRAME = 'first-frame';
/**
 * The boot's stage (src/boot/stage/, docs/decisions/2026-12-07-boot-draws-page-one.md): a file the
 * boot runs at once, with pdf.js's display layer. It holds webpack's runtime and the app's entry
 * depends on it: the viewer's lazy chunks leave out what the stage has (its two chunks keep
 * `pdf_viewer` and the icons), and the app shares its pdf.js and its open document.
 */
const STAGE = 'stage';
const INLINE_ENTRIES = [BOOT, FIRST_FRAME];

/**
 * The built `entry`, as index.html's inline script. `build`, when given, is what it reads as
 * FOLIO_BUILD: the boot's file names, known only once the other chunks are hashed.
 */
function inlineScript(compilation, entry, build) {
  const files = compilation.entrypoints.get(entry)?.getFiles() ?? [];
  const file = files.find((name) => name.endsWith('.js'));
  if (file === undefined) throw new Error(`webpack.config.js: ${entry} was not built`);
  const built = compilation.assets[file]
    .source()
    .toString()
    .replace(/\n?\/\/# sourceMappingURL=\S+\s*$/, '');
  const script =
    build === undefined
      ? built
      : `(function (FOLIO_BUILD) {\n${built}\n})(${JSON.stringify(build)});`;
  if (/<\/script|<!--/i.test(script)) {
    throw new Error(`webpack.config.js: ${entry} would end or escape its script`);
  }
  return script;
}

/** The views other than pages with a lazy chunk of their own (contracts §3 `view`). */
const VIEW_CHUNKS = ['listing', 'sheet', 'media'];

/** A named chunk's scripts and styles, with the chunks it needs (src/boot/start.ts BootFiles). */
function chunkFiles(compilation, name) {
  return [...(compilation.namedChunkGroups.get(name)?.getFiles() ?? [])].filter(
    (file) => file.endsWith('.js') || file.endsWith('.css'),
  );
}

/** The stage's entry files (src/boot/start.ts BootFiles.stage). */
function stageFiles(compilation) {
  const files = compilation.entrypoints.get(STAGE)?.getFiles() ?? [];
  return files.filter((file) => file.endsWith('.js'));
}

/** The inlined entries' own files go: index.html carries them (inlineScript). */
class InlineEntriesPlugin {
  apply(compiler) {
    const { Compilation } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('InlineEntriesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'InlineEntriesPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_HASH + 1 },
        () => {
          for (const entry of INLINE_ENTRIES) {
            for (const file of compilation.entrypoints.get(entry)?.getFiles() ?? []) {
              compilation.deleteAsset(file);
            }
          }
        },
      );
    });
  }
}

export default (_env, argv) => {
  const production = argv.mode === 'production';
  const basePath = normaliseBase(process.env.BASE_PATH);
  return {
    entry: {
      // Production builds only: webpack-dev-server's client, which it adds to every entry, is
      // not found at run time in an entry that depends on another ("Cannot find module
      // …/client/index.js"), so `npm start` runs without the stage, as before it.
      ...(production ? { [STAGE]: './src/boot/stage/index.ts' } : {}),
      main: production ? { import: './src/index.tsx', dependOn: STAGE } : './src/index.tsx',
      // Inlined into index.html (InlineEntriesPlugin), not loaded as files.
      [BOOT]: './src/boot/index.ts',
      [FIRST_FRAME]: './src/boot/firstFrame/index.ts',
    },
    output: {
      path: path.join(root, 'dist'),
      // spec §9: chunk base path './'; src/publicPath.ts resolves it against routerBase at runtime.
      publicPath: './',
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      // spec §9: script chunk load timeout 120 s.
      chunkLoadTimeout: 120_000,
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js'],
      alias: production
        ? {
            'react-router$': path.join(reactRouterDist, 'index.mjs'),
            'react-router/dom$': path.join(reactRouterDist, 'dom-export.mjs'),
          }
        : {},
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: !production } },
                target: 'es2022',
              },
            },
          },
        },
        {
          test: /\.css$/,
          use: [production ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'],
        },
        {
          // antd's styles of the reading chrome's antd part, made at build time (scripts/antd-styles-loader.ts).
          test: /[\\/]src[\\/]components[\\/]antd-styles\.css$/,
          use: path.join(root, 'scripts/antd-styles-loader.ts'),
        },
        {
          test: /\.(svg|png|gif)$/,
          type: 'asset/resource',
        },
      ],
    },
    optimization: {
      // index.html stays readable: deployers edit its settings block by hand.
      minimizeOptions: { html: false },
      splitChunks: {
        chunks: 'async',
        cacheGroups: {
          default: false,
          defaultVendors: false,
          // Everything from node_modules that the lazy page needs to show page 1 (pdf.js first
          // of all). What only a later chunk needs (the reading chrome's antd components,
          // pdf-lib) stays in that chunk, off the path to page 1 (docs/decisions/
          // 2026-11-25-reading-chrome-chunk.md).
          pageVendor: {
            test: /[\\/]node_modules[\\/]/,
            chunks: (chunk) => chunk.name === 'viewer',
            name: 'viewer-vendor',
            enforce: true,
          },
          // antd components both the reading chrome's antd part and the document's status use,
          // once: a conversion's progress (document-status) is often followed by the chrome.
          laterVendor: {
            test: /[\\/]node_modules[\\/]/,
            chunks: (chunk) => chunk.name === 'reading-panels' || chunk.name === 'document-status',
            minChunks: 2,
            name: 'later-vendor',
            enforce: true,
          },
        },
      },
    },
    plugins: [
      new HtmlWebpackPlugin({
        template: './src/index.html',
        inject: false,
        minify: false,
        // The boot loads the app's entry; it and the first frame are inlined (below).
        chunks: ['main'],
        scriptLoading: 'defer',
        templateParameters: (compilation, assets) => ({
          // `npm start` talks to a host page on its own origin (examples/host.html) unless
          // HOST_ORIGIN names another; a build leaves the host to the deployer.
          settings: settingsBlock(
            production
              ? { routerBase: '/' }
              : {
                  routerBase: basePath,
                  hostOrigin: settingsFromEnv(process.env).hostOrigin ?? 'self',
                },
          ),
          // src/boot/start.ts BootFiles: names relative to routerBase.
          boot: inlineScript(compilation, BOOT, {
            scripts: assets.js
              .map((file) => file.replace(/^\.\//, ''))
              .filter((file) => !stageFiles(compilation).includes(file)),
            stage: stageFiles(compilation),
            styles: assets.css.map((file) => file.replace(/^\.\//, '')),
            // The wildcard page's chunks start downloading with the entry, not after it has run.
            preload: chunkFiles(compilation, 'viewer'),
            // Each view's chunk (src/pages/Viewer/DocumentView.tsx names them after the views),
            // asked for as the answer names the view.
            views: Object.fromEntries(
              VIEW_CHUNKS.map((view) => [view, chunkFiles(compilation, view)]),
            ),
            // pdf.js's worker (a hashed asset of earlyWorker.ts), started by the boot.
            worker:
              Object.keys(compilation.assets).find((file) =>
                /pdf\.worker\.min\b.*\.mjs$/.test(file),
              ) ?? null,
          }),
          firstFrame: inlineScript(compilation, FIRST_FRAME),
        }),
      }),
      new CspMetaPlugin(),
      // V8's explicit compile hint: the scripts every start runs are compiled whole while they
      // stream in, off the main thread, not function by function on it as they first run. Not
      // pdf.js's vendor chunk nor the panels' own: the heap they would add (≈ 1.6 MB) outweighs
      // their share (docs/decisions/2026-11-27-compile-hints.md). After the minifier, which would
      // drop the comment; before the source maps and hashes, which then take it in.
      new webpack.BannerPlugin({
        banner: '//# allFunctionsCalledOnLoad',
        raw: true,
        entryOnly: false,
        test: /^(main|viewer|later-vendor)(\.[0-9a-f]+)?\.js$/,
        stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
      }),
      new InlineEntriesPlugin(),
      new MiniCssExtractPlugin({
        filename: production ? '[name].[contenthash:8].css' : '[name].css',
        chunkFilename: production ? '[name].[contenthash:8].css' : '[name].css',
      }),
      // pdf.js data files, from the same exact pdfjs-dist as the bundled API, in a versioned folder.
      new CopyWebpackPlugin({
        patterns: [
          ...['cmaps', 'standard_fonts', 'wasm', 'iccs'].map((dir) => ({
            from: path.join(pdfjsDir, dir),
            to: `pdfjs-${pdfjsVersion}/${dir}`,
          })),
          // The annotation layer's icons (a sticky note's, say): the engine's imageResourcesPath.
          {
            from: 'annotation-*.svg',
            context: path.join(pdfjsDir, 'web', 'images'),
            to: `pdfjs-${pdfjsVersion}/images/`,
          },
          // The host messages' types, for integrators (docs/embedding.md): a types-only module.
          { from: 'src/services/host/protocol.ts', to: 'folio-host.d.ts' },
          // The example host page, for `npm start` only.
          ...(production ? [] : [{ from: 'examples', to: 'examples' }]),
        ],
      }),
      ...(production ? precompressPlugins() : []),
    ],
    performance: { hints: false },
    // Not an eval-* source map: the CSP has no 'unsafe-eval', in development too.
    devtool: production ? 'source-map' : 'cheap-module-source-map',
    stats: production ? 'normal' : 'errors-warnings',
    devServer: {
      port: Number(process.env.PORT ?? 8000),
      host: process.env.HOST ?? 'localhost',
      static: false,
      hot: false,
      // gzip on the fly, as webpack-dev-server does it (the build precompresses instead).
      compress: true,
      // Off in CI and in the browser tests: a reload in the middle of a test is not a failure.
      liveReload: !process.env.CI && process.env.LIVE_RELOAD !== '0',
      client: { overlay: { errors: true, warnings: false, runtimeErrors: false } },
      devMiddleware: {
        publicPath: basePath,
        // Every file webpack serves, the worker too (a worker gets its policy from its own
        // response), carries the policy of the index.html being served.
        headers: (_req, _res, context) => {
          const index = path.join(context.compiler.outputPath, 'index.html');
          const html = context.outputFileSystem.readFileSync(index, 'utf8');
          return { [CSP_HEADER]: contentSecurityPolicy({ html, ...cspOptionsFromEnv() }) };
        },
      },
      historyApiFallback: { index: `${basePath}index.html`, disableDotRule: true },
      setupMiddlewares(middlewares) {
        // The example host page's links, signed here as a host's backend would sign them.
        middlewares.unshift({ name: 'folio-example-links', middleware: exampleLinks(basePath) });
        middlewares.unshift({
          name: 'folio-server',
          // DOCS_DIR is read by the server itself (the samples when unset).
          middleware: devMiddleware({
            basePath,
            cacheDir: process.env.CACHE_DIR || undefined,
            sofficePath: process.env.SOFFICE_PATH || undefined,
          }),
        });
        return middlewares;
      },
    },
  };
};
