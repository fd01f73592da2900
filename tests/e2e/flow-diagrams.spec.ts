import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from '@playwright/test'

// Every diagram of docs/flows (written by `npm run flows`) is drawn by the pinned `mermaid` package
// in a real browser, the way GitHub or a documentation site draws it: it must parse,
// render to SVG, fit a documentation page, and no two arrow labels may cover each other. One blank
// page for all diagrams; no server, no network.

const ROOT = path.resolve(import.meta.dirname, '../..')
const FLOWS = path.join(ROOT, 'docs', 'flows')
const MERMAID = path.join(ROOT, 'node_modules', 'mermaid', 'dist', 'mermaid.min.js')
/** A documentation page's width: wider diagrams are split (one per child machine or compound state). */
const MAX_WIDTH = 1200

type Diagram = { name: string; text: string }
type Drawn = { name: string; error?: string; width?: number; height?: number; labels?: number; overlaps?: string[] }

const diagrams: Diagram[] = readdirSync(FLOWS)
  .filter((f) => f.endsWith('.md'))
  .sort()
  .flatMap((file) => {
    const md = readFileSync(path.join(FLOWS, file), 'utf8')
    return [...md.matchAll(/```mermaid\n([\s\S]*?)```/g)].map((m, i) => ({ name: `${file}#${i + 1}`, text: m[1] }))
  })

test('every flow diagram parses and renders with mermaid, fits the page and has no overlapping arrow labels', async ({ page }) => {
  test.setTimeout(120_000)
  expect(diagrams.length, 'docs/flows has diagrams').toBeGreaterThanOrEqual(12)
  await page.route(/^(?!data:|about:)/, (route) => route.abort())
  await page.setContent('<!doctype html><html><head><meta charset="utf-8"></head><body><div id="out"></div></body></html>')
  await page.addScriptTag({ path: MERMAID })

  const drawn: Drawn[] = await page.evaluate(async (list) => {
    type Mermaid = {
      initialize: (c: object) => void
      parse: (t: string) => Promise<unknown>
      render: (id: string, t: string) => Promise<{ svg: string }>
    }
    const mermaid = (window as unknown as { mermaid: Mermaid }).mermaid
    mermaid.initialize({ startOnLoad: false, securityLevel: 'strict' })
    const out = document.getElementById('out')!
    const results: Drawn[] = []
    let n = 0
    for (const d of list) {
      try {
        await mermaid.parse(d.text)
        const { svg } = await mermaid.render(`d${n++}`, d.text)
        const host = document.createElement('div')
        host.innerHTML = svg
        out.replaceChildren(host)
        const el = host.querySelector('svg')!
        if (el.querySelector('.error-icon, .error-text')) throw new Error('mermaid drew its error picture')
        const box = el.viewBox.baseVal
        // The natural size: the diagram as mermaid laid it out, not scaled to the window.
        el.setAttribute('width', String(box.width))
        el.setAttribute('height', String(box.height))
        el.style.maxWidth = 'none'
        // The box of each arrow label's text (a Range over it: the words, not the padding around them).
        const labels = [...el.querySelectorAll('g.edgeLabel')]
          .map((l) => {
            const range = document.createRange()
            range.selectNodeContents(l)
            return { text: (l.textContent ?? '').trim(), r: range.getBoundingClientRect() }
          })
          .filter((l) => l.text && l.r.width > 0 && l.r.height > 0)
        const overlaps: string[] = []
        for (let i = 0; i < labels.length; i++) {
          for (let j = i + 1; j < labels.length; j++) {
            const a = labels[i].r
            const b = labels[j].r
            const w = Math.min(a.right, b.right) - Math.max(a.left, b.left)
            const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top)
            const share = w > 0 && h > 0 ? (w * h) / Math.min(a.width * a.height, b.width * b.height) : 0
            if (share > 0) overlaps.push(`"${labels[i].text}" × "${labels[j].text}" (${Math.round(share * 100)}%)`)
          }
        }
        results.push({ name: d.name, width: Math.round(box.width), height: Math.round(box.height), labels: labels.length, overlaps })
      } catch (e) {
        results.push({ name: d.name, error: String((e as Error)?.message ?? e) })
      }
    }
    return results
  }, diagrams)

  // The words are measured in the fonts a reader's browser uses for Japanese (the system's: Hiragino,
  // Yu Gothic, Noto Sans CJK…), not in fallback boxes: Chromium names the font it drew the last
  // diagram's first box with. Without a Japanese font installed the widths above mean nothing.
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('DOM.enable')
  await cdp.send('CSS.enable')
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 })
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: '#out g.node .nodeLabel' })
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId })
  console.log(`fonts of a box: ${fonts.map((f) => `${f.familyName} (${f.glyphCount})`).join(', ')}`)
  expect(fonts.map((f) => f.familyName), 'a Japanese font draws the labels (Debian: fonts-noto-cjk)').toContainEqual(expect.stringMatching(/CJK|Hiragino|Yu Gothic|Meiryo|Noto Sans JP|IPA|Takao|VL Gothic/i))

  console.log(drawn.map((d) => `${d.name}: ${d.error ? `ERROR ${d.error.split('\n')[0]}` : `${d.width}×${d.height}`}`).join('\n'))
  expect.soft(drawn.filter((d) => d.error).map((d) => `${d.name}: ${d.error}`), 'diagrams mermaid cannot draw').toEqual([])
  expect.soft(drawn.filter((d) => d.width! > MAX_WIDTH).map((d) => `${d.name}: ${d.width} px`), `diagrams wider than ${MAX_WIDTH} px`).toEqual([])
  // The overlap check sees the labels: every diagram has labelled arrows.
  expect.soft(drawn.filter((d) => !d.error && !d.labels).map((d) => d.name), 'diagrams whose arrow labels could not be measured').toEqual([])
  expect(drawn.filter((d) => d.overlaps!.length).map((d) => `${d.name}: ${d.overlaps!.join(', ')}`), 'overlapping arrow labels').toEqual([])
})
