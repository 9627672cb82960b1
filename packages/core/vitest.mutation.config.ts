import { defineProject } from 'vitest/config'
import core from './vitest.config'

// Core's unit tests for mutation testing of the rules (stryker.config.mjs). Stryker runs the tests that
// cover each mutant, one mutant at a time; without isolation a runner keeps the modules it loaded (the
// mutant is switched at run time, not by reloading), so a run costs the tests, not the import of core
// and its dependencies for every file. Core's unit tests keep no state between files that a rule reads.
export default defineProject({
  ...core,
  test: {
    ...core.test,
    isolate: false,
  },
})
