// eslint . — typescript-eslint's recommended rules, and the boundaries of the monorepo (docs/explanation/architecture.md).
import eslint from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

/** A library is used through its index.ts: `@matchlog/<lib>`, nothing deeper (the EventStoreDB adapter and the client's Node-only verification have their own entry points). */
const DEEP_IMPORT = {
  group: ['@matchlog/*/**', '!@matchlog/store/eventstoredb', '!@matchlog/client/verify', '!@matchlog/client/node', '!@matchlog/audit/matcher'],
  message: 'use the library through its index.ts: import from @matchlog/<lib>',
};
/** Relative paths into a library's sources from outside it. */
const INTO_LIB = { group: ['**/libs/*/src/**', '../../*/src/**', '../../../*/src/**'], message: 'use the library through its index.ts: import from @matchlog/<lib>' };
const INTO_APPS = { group: ['**/apps/**'], message: 'a library never imports an application: move what it needs into libs/' };
const NODE_ONLY = {
  group: ['node:*', 'fs', 'path', 'crypto', 'http', 'https', 'os', 'stream', 'child_process', 'url', 'buffer', '@matchlog/*'],
  message: '@matchlog/client runs in browsers and Deno too: no Node module, no other lib (Node-only code goes in its verify entry point)',
};
const INTO_TEST_SUPPORT = { group: ['**/test/**', '**/support/**'], message: 'scripts and benches never import test support' };

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'libs/client/dist/',
      'libs/client/src/api/schema.d.ts',
      'dist.*/',
      'node_modules/',
      'coverage/',
      'data/',
      'test-output/',
      'apps/api/src/openapi/response-schemas.generated.ts',
    ],
  },
  eslint.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    languageOptions: { globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true }],
      'no-restricted-imports': ['error', { patterns: [DEEP_IMPORT, INTO_LIB] }],
    },
  },
  { files: ['**/*.js', '**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  { files: ['libs/**/*.ts'], rules: { 'no-restricted-imports': ['error', { patterns: [DEEP_IMPORT, INTO_LIB, INTO_APPS] }] } },
  // the client's main entry runs in browsers, Node 20+ and Deno: plain fetch, nothing of Node, no other lib (verify.ts is its Node entry point)
  {
    files: ['libs/client/src/**/*.ts'],
    ignores: ['libs/client/src/verify.ts', 'libs/client/src/node.ts', 'libs/client/src/journal/file-store.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [DEEP_IMPORT, INTO_LIB, INTO_APPS, NODE_ONLY] }] },
  },
  // the CLI's operator commands open the store and catalog as the server does: through apps/api's configuration and open-parts.ts
  { files: ['apps/cli/src/operator/**'], rules: { 'no-restricted-imports': ['error', { patterns: [DEEP_IMPORT, { ...INTO_LIB, group: ['**/libs/*/src/**'] }] }] } },
  { files: ['scripts/**', 'bench/**'], rules: { 'no-restricted-imports': ['error', { patterns: [DEEP_IMPORT, INTO_LIB, INTO_TEST_SUPPORT] }] } },
  { files: ['apps/viewer/src/**'], languageOptions: { globals: { ...globals.browser } } },
  // Kysely's migrations run on a database of any schema (its documented signature)
  { files: ['migrations/**'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  { files: ['**/*.spec.ts', '**/test/**/*.ts'], rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' } },
);
