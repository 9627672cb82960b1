/**
 * An uploaded file as a `data:` URL, so an image an admin uploads shows at once with no server to
 * store it.
 */
export async function fileDataUrl(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer())
  let binary = ''
  // Chunked: String.fromCharCode with a whole large file would overflow the argument limit.
  for (let index = 0; index < bytes.length; index += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000))
  }
  return `data:${file.type || 'application/octet-stream'};base64,${btoa(binary)}`
}
