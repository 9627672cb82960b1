import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AccountExportSchema } from '@comics/core/contract'
import { renderWithKit } from '../../../test/render'
import { DownloadMyData } from './DownloadMyData'

/** What the component hands to the browser as a file: the blob's text and the file name. */
function recordDownloads() {
  const saved: { name: string; blob: Blob }[] = []
  const blobs = new Map<string, Blob>()
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${blobs.size}`
    blobs.set(url, blob as Blob)
    return url
  })
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href)! })
  })
  return saved
}

afterEach(() => vi.restoreAllMocks())

describe('DownloadMyData', () => {
  it("saves the service's export of the signed-in reader as a JSON file", async () => {
    const saved = recordDownloads()
    const { user } = renderWithKit(<DownloadMyData />, { viewer: 'level1' })
    await user.click(screen.getByRole('button', { name: 'Download my data' }))
    await waitFor(() => expect(saved).toHaveLength(1))
    expect(saved[0]!.name).toBe('my-comics-data.json')
    const exported = AccountExportSchema.parse(JSON.parse(await saved[0]!.blob.text()))
    expect(exported.profile.uid).toBe('user-level1')
    expect(exported.subscriptions.map((subscription) => subscription.userId)).toEqual(['user-level1'])
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeEnabled()
  })

  it('says it is preparing while the export is on its way', async () => {
    recordDownloads()
    const { user } = renderWithKit(<DownloadMyData />, { viewer: 'level1', mocks: { latencyMs: { exportMyData: 200 } } })
    await user.click(screen.getByRole('button', { name: 'Download my data' }))
    expect(screen.getByRole('button', { name: 'Preparing your data…' })).toBeDisabled()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Download my data' })).toBeEnabled())
  })

  it('a failure is shown, nothing is saved, and the button stays to try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const saved = recordDownloads()
    const { user } = renderWithKit(<DownloadMyData />, { viewer: 'level1', mocks: { errors: { exportMyData: 500 } } })
    await user.click(screen.getByRole('button', { name: 'Download my data' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Your data could not be prepared. Please try again.')
    expect(saved).toEqual([])
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeEnabled()
  })
})
