import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'labs', environment: 'node' } });
