/** Values for the `{name}` placeholders of a message. */
export type MessageValues = Readonly<Record<string, string | number>>

/**
 * Fills the `{name}` placeholders of a message; a placeholder without a value stays as written, so a
 * missing value shows up in review rather than as an empty gap.
 * @example
 * formatMessage(messages['episodes.count'], { n: 12 }) // '12 Episodes'
 * formatMessage("Continue reading '{chapterTitle}'", { chapterTitle: 'Episode 2' })
 */
export function formatMessage(template: string, values: MessageValues = {}): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : placeholder,
  )
}
