/**
 * A picked image as the desk's upload call takes it (contract/desk/catalog.ts `desk-image-upload`:
 * base64 in JSON, so the typed client validates it like any other request). The server decides the
 * type from these bytes, never from the name.
 */
export async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer())
  let binary = ''
  // In slices: String.fromCharCode(...all) overflows the call stack for a 2 MB image.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary)
}
