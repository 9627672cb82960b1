export { EpisodeAccessibilityEditor, type EpisodeAccessibilityEditorProps } from './EpisodeAccessibilityEditor'
