import { defineConfig } from 'vitest/config';

export default defineConfig({
  oxc: { jsx: { runtime: 'automatic' } },
  resolve: { dedupe: ['react', 'react-dom'] },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    // Bundle React-using libraries through Vite so they share this app's React 19 (see vite.config.ts).
    server: {
      deps: {
        inline: [
          '@testing-library/react',
          'antd-mobile',
          '@tanstack/react-query',
          'react-i18next',
          'react-router',
        ],
      },
    },
  },
});
