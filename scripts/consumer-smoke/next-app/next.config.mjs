// The smoke test runs `tsc --noEmit` on this app itself (against the packed declarations), so the build
// does not check the types a second time.
export default { typescript: { ignoreBuildErrors: true } }
