// Types for the JS webpack config, so tests can build with it.
import type { Configuration } from 'webpack';

declare const makeConfig: (env: unknown, argv: { mode?: string }) => Configuration;
export default makeConfig;
/** The build's brotli and gzip plugins, shared with the bench's anchor page. */
export declare function precompressPlugins(): NonNullable<Configuration['plugins']>;
