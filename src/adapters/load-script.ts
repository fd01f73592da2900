/** Adds a third-party script tag once; resolves when it has loaded. */
export function loadScript(src: string): Promise<void> {
  const existing = document.querySelector<HTMLScriptElement>(`script[src="${src}"]`)
  if (existing?.dataset.loaded) return Promise.resolve()
  return new Promise((resolve, reject) => {
    const script = existing ?? document.createElement('script')
    script.addEventListener('load', () => {
      script.dataset.loaded = 'true'
      resolve()
    })
    script.addEventListener('error', () => reject(new Error(`Could not load ${src}`)))
    if (!existing) {
      script.src = src
      script.async = true
      document.head.appendChild(script)
    }
  })
}
