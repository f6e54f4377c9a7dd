// Lint that fails: zero warnings allowed (`npm run lint` passes --max-warnings 0).
// Import zones keep the layers one-way (the map is docs/architecture.md): app → dashboard →
// {catalog, charts, prometheus, rules, i18n, config} → {lib, components}; charts never import
// prometheus; catalog is data and types; nothing shipped imports sim/, scripts/ or test-support/.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import pluginQuery from '@tanstack/eslint-plugin-query';

const SHIPPED_NEVER = ['sim', 'scripts', 'test-support'];
const restrict = (folders, message) => [
  'error',
  { patterns: folders.map((f) => ({ group: [`**/${f}/*`, `../${f}`, `../${f}/*`], message })) },
];
const TESTS = ['src/**/*.test.{ts,tsx}'];
// A zone's shipped files may not import its forbidden folders nor the tooling; its tests only the
// former (they may use test-support/).
const zone = (from, forbidden, message) => [
  { files: [`src/${from}/**`], ignores: TESTS, rules: { 'no-restricted-imports': restrict([...forbidden, ...SHIPPED_NEVER], message) } },
  { files: TESTS.map((t) => t.replace('src/**', `src/${from}/**`)), rules: { 'no-restricted-imports': restrict(forbidden, message) } },
];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'playwright-report', '.cache'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginQuery.configs['flat/recommended'],
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { ecmaVersion: 2022, globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'smart'],
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Only src/prometheus and src/config talk HTTP.' }],
    },
  },
  {
    // Plain scripts served as they are (boot.js, the embedding example): browser globals.
    files: ['public/**/*.js'],
    languageOptions: { ecmaVersion: 2022, sourceType: 'script', globals: globals.browser },
  },
  {
    // The layers allowed to talk HTTP, and the Node tooling.
    files: ['src/prometheus/**', 'src/config/**', 'sim/**', 'scripts/**', 'e2e/**', '**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-globals': 'off' },
  },
  {
    // Code that ships never reaches into the tooling; tests may. (Zones below repeat this.)
    files: ['src/**'],
    ignores: TESTS,
    rules: { 'no-restricted-imports': restrict(SHIPPED_NEVER, 'src/ ships: it never imports sim/, scripts/ or test-support/.') },
  },
  ...zone('catalog', ['dashboard', 'charts', 'prometheus', 'components', 'app', 'config'], 'catalog is data and types.'),
  ...zone('charts', ['prometheus', 'dashboard', 'app', 'catalog'], 'charts take shaped data, never the client.'),
  ...zone('prometheus', ['dashboard', 'charts', 'catalog', 'components', 'app'], 'prometheus knows only HTTP and wire types.'),
  ...zone('lib', ['dashboard', 'charts', 'prometheus', 'catalog', 'components', 'app', 'config'], 'lib is leaf code.'),
  ...zone('components', ['dashboard', 'app', 'prometheus'], 'components are small shared UI pieces.'),
  ...zone('rules', ['dashboard', 'charts', 'prometheus', 'components', 'app', 'config'], 'rules are generated from the catalog, without the DOM or HTTP.'),
  ...zone('export', ['dashboard', 'charts', 'components', 'app', 'config', 'i18n'], 'export writes dashboard files from the catalog, rules and client: no UI.'),
  ...zone('dashboard', ['app'], 'dashboard never imports app.'),
  // The rooms of dashboard/: board/ lays out and imports any room, none imports it; url/ is the
  // state codec and imports no room; data/ (the data path) never reaches into the features drawn on it.
  ...['alerts', 'backend', 'compare', 'data', 'diagnosis', 'embed', 'fleet', 'gpus', 'header', 'panel', 'routing', 'slo', 'tables', 'traces', 'url', 'usage'].flatMap((room) =>
    zone(`dashboard/${room}`, ['app', 'board'], `only dashboard/board lays out the rooms; ${room}/ does not import it.`),
  ),
  ...zone('dashboard/url', ['app', 'board', 'alerts', 'backend', 'compare', 'data', 'diagnosis', 'embed', 'fleet', 'gpus', 'header', 'panel', 'routing', 'slo', 'tables', 'traces', 'usage'], 'url/ is the state codec: it imports no room.'),
  ...zone('dashboard/data', ['app', 'board', 'panel', 'tables', 'slo', 'alerts', 'embed', 'diagnosis', 'fleet', 'gpus', 'routing', 'traces', 'usage'], 'data/ is the data path: the features drawn on it import it, not the reverse.'),
  ...zone('i18n', ['dashboard', 'charts', 'components', 'app', 'config', 'rules'], 'i18n is text: it reads catalog types and error kinds only.'),
  ...zone('config', ['dashboard', 'charts', 'prometheus', 'components', 'app', 'rules', 'i18n'], 'config validates config.json against the registry, nothing else.'),
);
