// How `pnpm --filter site build` (react-router build, examples/site/react-router.config.ts) lays out a build
// folder, for the scripts and test stacks that build and start the site themselves.

/** The variable react-router.config.ts takes the build folder from (dist/ by default). */
export const BUILD_DIR_VARIABLE = 'SITE_BUILD_DIR'
/** The browser's files in a build folder (dist/client for dist). */
export const clientDir = (buildDir: string) => `${buildDir}/client`
/** The file `node` runs: the site's server with the framework's render (dist/server/index.js for dist). */
export const serverFile = (buildDir: string) => `${buildDir}/server/index.js`
/** The framework's command line, from the site's folder. */
export const REACT_ROUTER_CLI = 'node_modules/@react-router/dev/bin.js'
