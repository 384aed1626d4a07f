// Set by src/publicPath.ts before any chunk loads.
declare let __webpack_public_path__: string;
