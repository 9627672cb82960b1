import { Suspense } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { lazyScreen } from '../../src/routes/lazyScreens'

const page = (Screen: React.ComponentType<{ title: string }>) =>
  renderToString(
    <Suspense fallback={<p>Loading…</p>}>
      <Screen title="Episode 1" />
    </Suspense>,
  )

function Title({ title }: { title: string }) {
  return <h1>{title}</h1>
}

describe('lazyScreen', () => {
  it('suspends until its module has loaded, then renders the screen in the first commit', async () => {
    let imports = 0
    const Screen = lazyScreen('src/screens/Test.tsx', async () => {
      imports++
      return { default: Title }
    })
    expect(page(Screen)).toContain('Loading…')
    expect(page(Screen)).not.toContain('<h1>')

    await Screen.load()
    await Screen.load()
    const html = page(Screen)
    expect(html).toContain('<h1>Episode 1</h1>')
    expect(html).not.toContain('Loading…')
    // The suspended render and both loads shared one import.
    expect(imports).toBe(1)
  })

  it('tries the import again after a failed load', async () => {
    let attempt = 0
    const Screen = lazyScreen('src/screens/Test.tsx', async () => {
      attempt++
      if (attempt === 1) throw new Error('chunk failed')
      return { default: Title }
    })
    await expect(Screen.load()).rejects.toThrow('chunk failed')
    await Screen.load()
    expect(attempt).toBe(2)
    expect(page(Screen)).toContain('<h1>Episode 1</h1>')
  })
})
