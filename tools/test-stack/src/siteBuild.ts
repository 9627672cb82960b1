// Where `pnpm --filter site build` (examples/site/package.json) writes the site's server (src/server/main.ts), for the scripts and
// test stacks that build and start it themselves.

/** The server's entry, built with `vite build --ssr`. */
export const SERVER_ENTRY = 'src/server/main.ts'
/** The server's folder beside the browser build's: dist-server/ for dist/ (main.ts finds dist/ from it). */
export const serverDir = (outDir: string) => `${outDir}-server`
/** The file `node` runs. */
export const SERVER_FILE = 'main.js'
