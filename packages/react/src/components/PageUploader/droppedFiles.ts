/** Reads every entry of a dropped folder, however many batches the browser hands them in. */
function readAll(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  return new Promise((resolve, reject) => {
    const entries: FileSystemEntry[] = []
    const next = () =>
      reader.readEntries((batch) => {
        if (batch.length === 0) return resolve(entries)
        entries.push(...batch)
        next()
      }, reject)
    next()
  })
}

async function filesOfEntry(entry: FileSystemEntry): Promise<File[]> {
  if (entry.isFile) {
    return [await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject))]
  }
  if (entry.isDirectory) {
    const children = await readAll((entry as FileSystemDirectoryEntry).createReader())
    return (await Promise.all(children.map(filesOfEntry))).flat()
  }
  return []
}

/**
 * The files of a drop: dropped folders are read through (sub-folders too); where the browser gives no
 * entries, the plain file list.
 */
export async function droppedFiles(data: DataTransfer): Promise<File[]> {
  const entries = [...data.items]
    .filter((item) => item.kind === 'file')
    .map((item) => item.webkitGetAsEntry?.() ?? null)
  if (entries.length === 0 || entries.some((entry) => entry === null)) return [...data.files]
  return (await Promise.all((entries as FileSystemEntry[]).map(filesOfEntry))).flat()
}
