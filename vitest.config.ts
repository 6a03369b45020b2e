import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: ['src/**/*.test.ts', 'tests/unit/**/*.test.ts', 'tests/build/**/*.test.ts'],
    testTimeout: 120_000,
    // Fixture builds run in beforeAll (tests/build/): a real astro build, slower on a busy machine.
    hookTimeout: 120_000,
  },
});
