import type { Config } from 'jest';

const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
] as const;

// Two projects: the browser code runs in jsdom, the facility (facility/, server/, config/), the
// bench's pure parts (bench/) and the build's loader (scripts/) in node.
const config: Config = {
  // A test process keeps what every file it ran left behind (jsdom windows, antd's styles): run
  // in band it passed 800 MB of heap and 1.5 GB resident, the facility's own memory guard, which
  // then stopped the pool tests' parses. A worker past this much heap after a file is replaced,
  // and naming a limit also keeps jest from running in band (docs/decisions.md).
  workerIdleMemoryLimit: '512MB',
  projects: [
    {
      displayName: 'web',
      // jsdom with Node's fetch, Request, TextEncoder…: react-router's data router needs them.
      testEnvironment: 'jest-fixed-jsdom',
      roots: ['<rootDir>/src'],
      testMatch: ['**/__tests__/**/*.test.ts?(x)'],
      transform: { '^.+\\.(t|j)sx?$': swc },
      setupFilesAfterEnv: ['<rootDir>/src/test/setup.ts'],
      // The facility servers some tests start check tokens with jose and clean e-mail bodies with
      // htmlparser2 (and the parts it reads), which are ES-module only.
      transformIgnorePatterns: [
        '/node_modules/(?!(jose|htmlparser2|entities|domhandler|domelementtype|domutils|dom-serializer)/)',
      ],
      moduleNameMapper: {
        '\\.css$': '<rootDir>/src/test/styleStub.ts',
        // @ant-design/icons' CommonJS build requires one ES module file of @ant-design/colors;
        // the package ships the same file as CommonJS under lib/.
        '^@ant-design/colors/es/(.*)$': '@ant-design/colors/lib/$1',
        // The boot bar's icons (src/boot/stage/pageControls.ts): the same, for @ant-design/icons-svg.
        '^@ant-design/icons-svg/es/(.*)$': '@ant-design/icons-svg/lib/$1',
      },
    },
    {
      displayName: 'node',
      testEnvironment: 'node',
      roots: [
        '<rootDir>/bench',
        '<rootDir>/config',
        '<rootDir>/facility',
        '<rootDir>/scripts',
        '<rootDir>/server',
      ],
      testMatch: ['**/__tests__/**/*.test.ts'],
      transform: { '^.+\\.(t|j)sx?$': swc },
      // @fastify/static's content-disposition, jose and htmlparser2 (with the parts it reads) are
      // ES-module only; jest (CommonJS) needs them compiled.
      transformIgnorePatterns: [
        '^(?!.*/node_modules/(@fastify/static/node_modules/content-disposition|jose|htmlparser2|entities|domhandler|domelementtype|domutils|dom-serializer)/).*/node_modules/',
      ],
    },
  ],
};

export default config;
