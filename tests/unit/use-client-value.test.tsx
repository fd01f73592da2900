import { act, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import { useClientValue } from '../../src/ui/use-client-value'

// A prerendered page's browser-only value (decision 99): the markup hydrates as the build rendered
// it, and the component is rendered again only when the browser's value differs from the build's.
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
let container: HTMLElement | undefined
afterEach(() => container?.remove())

async function hydrate(browserValue: string | null) {
  let renders = 0
  let value: string | null = null
  function Note({ read }: { read: () => string | null }) {
    renders++
    const note = useClientValue(read)
    return <p>{note ?? 'none'}</p>
  }
  container = document.createElement('div')
  container.innerHTML = renderToString(<Note read={() => 'from-the-build'} />)
  document.body.append(container)
  const markup = container.innerHTML
  renders = 0
  const errors: unknown[] = []
  await act(async () => {
    startTransition(() => void hydrateRoot(container!, <Note read={() => (value = browserValue)} />, { onRecoverableError: (e) => errors.push(e) }))
  })
  return { renders, markup, text: container.textContent, errors, read: value }
}

describe('useClientValue', () => {
  it('hydrates the build\'s markup (null) and renders once when the browser has no value either', async () => {
    const r = await hydrate(null)
    expect(r.markup).toBe('<p>none</p>')
    expect(r.errors).toEqual([])
    expect(r.text).toBe('none')
    expect(r.renders).toBe(1)
  })

  it('shows the browser\'s value after hydrating, in one more render', async () => {
    const r = await hydrate('CAMPAIGN2000')
    expect(r.errors).toEqual([])
    expect(r.read).toBe('CAMPAIGN2000')
    expect(r.text).toBe('CAMPAIGN2000')
    expect(r.renders).toBe(2)
  })
})
