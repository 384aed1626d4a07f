// Builds the anchor page (bench/anchor/index.ts) in production mode: one script bundle plus its CSS,
// the pdf.js worker and data folders copied from the same pdfjs-dist into `pdfjs-<version>/`.
import { createRequire } from 'node:module';
import path from 'node:path';
import CopyWebpackPlugin from 'copy-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import webpack from 'webpack';
import type { Configuration } from 'webpack';
import { precompressPlugins } from '../../webpack.config.js';

const require = createRequire(import.meta.url);
const here = import.meta.dirname;
const pdfjsDir = path.dirname(require.resolve('pdfjs-dist/package.json'));
export const pdfjsVersion = (require('pdfjs-dist/package.json') as { version: string }).version;

export function anchorConfig(outDir: string): Configuration {
  const assets = `pdfjs-${pdfjsVersion}/`;
  return {
    mode: 'production',
    context: path.join(here, '..', '..'),
    entry: { anchor: path.join(here, 'index.ts') },
    output: {
      path: outDir,
      publicPath: './',
      filename: '[name].[contenthash:8].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      clean: true,
    },
    resolve: { extensions: ['.ts', '.mjs', '.js'] },
    module: {
      rules: [
        {
          test: /\.ts$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } },
          },
        },
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
        { test: /\.(svg|png|gif)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new webpack.DefinePlugin({ PDFJS_ASSETS: JSON.stringify(assets) }),
      new HtmlWebpackPlugin({
        template: path.join(here, 'index.html'),
        scriptLoading: 'defer',
        minify: false,
      }),
      new MiniCssExtractPlugin({ filename: '[name].[contenthash:8].css' }),
      new CopyWebpackPlugin({
        patterns: [
          { from: path.join(pdfjsDir, 'build', 'pdf.worker.min.mjs'), to: assets },
          ...['cmaps', 'standard_fonts', 'wasm', 'iccs'].map((dir) => ({
            from: path.join(pdfjsDir, dir),
            to: `${assets}${dir}`,
          })),
        ],
      }),
      // Served compressed as Folio is, so the comparison is fair (docs/server.md, "npm run serve").
      ...precompressPlugins(),
    ],
    // index.html stays as written: the preview server rewrites its `folio-settings` block.
    optimization: { minimizeOptions: { html: false } },
    performance: { hints: false },
    devtool: false,
    stats: 'errors-warnings',
  };
}
