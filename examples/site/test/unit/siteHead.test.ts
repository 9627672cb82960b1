import { describe, expect, it } from 'vitest'
import { pageHead, type Comic } from '@comics/core'
import { pageAt } from '../../src/head/pageAt'
import { documentWithHead, pageHeadHtml } from '../../src/server/siteHead'

const hostile: Comic = {
  id: '7',
  title: 'A "quoted" <b>title</b> & more',
  description: '</script><script>alert(1)</script> <!-- and "quotes"',
  coverImageUrl: '/files/c.webp?a=1&b=2',
  bannerImageUrl: '',
  contentRating: 'T',
  genres: [],
  displayOnMirror: true,
}

describe("the server's head", () => {
  it("escapes a comic's text in the title, the attributes and the structured data", () => {
    const head = pageHead({ page: { kind: 'comic', comic: hostile, chapters: [], uncensored: false }, title: `${hostile.title} — Comics`, siteDescription: 'x', siteName: 'Comics', origin: 'https://comics.example', mode: 'normal' })
    const html = pageHeadHtml(head)
    expect(html).toContain('<title>A "quoted" &lt;b&gt;title&lt;/b&gt; &amp; more — Comics</title>')
    expect(html).toContain('<meta property="og:title" content="A &quot;quoted&quot; &lt;b&gt;title&lt;/b&gt; &amp; more — Comics" />')
    expect(html).toContain('<meta property="og:image" content="https://comics.example/files/c.webp?a=1&amp;b=2" />')
    // Nothing of the comic closes the data block or opens a script or a comment.
    expect(html.match(/<script/g)).toHaveLength(1)
    expect(html.match(/<\/script>/g)).toHaveLength(1)
    expect(html).not.toContain('<!--')
    const json = /<script type="application\/ld\+json">([\s\S]*)<\/script>/.exec(html)![1]!
    expect((JSON.parse(json) as { description: string }).description).toBe(hostile.description)
  })

  it("replaces the document's own title and description, once", () => {
    const template = '<head>\n    <meta name="description" content="Old" />\n    <title>Comics</title>\n    <script src="/a.js"></script></head>'
    const html = documentWithHead(template, '<title>New</title>\n    <meta name="description" content="New" />')
    expect(html.match(/<title>/g)).toHaveLength(1)
    expect(html.match(/name="description"/g)).toHaveLength(1)
    expect(html).toContain('<title>New</title>')
    expect(() => documentWithHead('<head></head>', '<title>x</title>')).toThrow(/no <title>/)
  })
})

describe('pageAt', () => {
  it("names each route's page, as the routes of spec §2 do", () => {
    expect(pageAt('/')).toEqual({ kind: 'home' })
    expect(pageAt('/categories')).toEqual({ kind: 'categories' })
    expect(pageAt('/comic/7')).toEqual({ kind: 'comic', comicId: '7', uncensored: false })
    expect(pageAt('/comic/7/uncensored')).toEqual({ kind: 'comic', comicId: '7', uncensored: true })
    expect(pageAt('/comic/7/12')).toEqual({ kind: 'reader', comicId: '7', chapterId: '12', uncensored: false })
    expect(pageAt('/comic/7/12/uncensored')).toEqual({ kind: 'reader', comicId: '7', chapterId: '12', uncensored: true })
    expect(pageAt('/comic/7/12/other')).toEqual({ kind: 'notFound' })
    expect(pageAt('/terms-of-use')).toEqual({ kind: 'policy', policy: 'policy.termsOfUse', path: '/terms-of-use' })
    expect(pageAt('/payment/4weeks')).toEqual({ kind: 'payment' })
    expect(pageAt('/payment-and-refund')).toEqual({ kind: 'policy', policy: 'policy.paymentAndRefund', path: '/payment-and-refund' })
    expect(pageAt('/admin/preview/7/12')).toEqual({ kind: 'admin' })
    expect(pageAt('/account/')).toEqual({ kind: 'account' })
    expect(pageAt('/nowhere')).toEqual({ kind: 'notFound' })
  })
})
