/** The kit's published stylesheet as text: the build loads it so (see tsup.config.ts), Vite by `?raw`. */
declare module '@comics/react/styles.css?raw' {
  const css: string
  export default css
}
