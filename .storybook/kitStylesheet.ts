// The kit's stylesheet as text, from the sources and in the order of the published styles.css (the theme,
// then every component's stylesheet by folder): what @comics/embed's build puts in its module.
const theme = import.meta.glob<string>('../packages/react/src/styles/base.css', { query: '?raw', import: 'default', eager: true })
const components = import.meta.glob<string>('../packages/react/src/components/*/*.css', { query: '?raw', import: 'default', eager: true })

const inOrder = (files: Record<string, string>) => Object.keys(files).sort().map((path) => files[path]!)

export const kitStylesheet = [...inOrder(theme), ...inOrder(components)].join('\n')
