/**
 * Hands a file the app fetched (with the member's token, so not a plain link) to the browser's
 * download: an object URL on a temporary link, clicked once, then let go.
 */
export function saveFile(file: { name: string; blob: Blob }, doc: Document = document): void {
  const url = URL.createObjectURL(file.blob)
  const a = doc.createElement('a')
  a.href = url
  a.download = file.name
  a.rel = 'noopener'
  a.style.display = 'none'
  doc.body.appendChild(a)
  try {
    a.click()
  } finally {
    a.remove()
    // After the click has started the download: revoking at once can cancel it in some browsers.
    setTimeout(() => URL.revokeObjectURL(url), 0)
  }
}
