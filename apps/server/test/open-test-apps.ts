import type { TestApp } from './build-test-app.js';

/**
 * The apps `buildTestApp` built and not closed yet: the score invariant is checked on each after every test
 * (test/setup.ts). A module of its own, importing nothing of the server: the setup file runs before a test file's module
 * mocks apply (docs/conventions.md#tests), so it must load no server module then.
 */
export const openTestApps = new Set<TestApp>();
