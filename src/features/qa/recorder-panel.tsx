import { useEffect, useState } from 'react'
import { recorderShortcut } from '../../adapters/flow-recorder'

// The QA recorder panel (development and test builds only, docs/qa.md): Alt+Shift+R opens it; it
// lists the flow actors of this session with their recorded steps and downloads one as a path file.

export type PanelRecording = { flow: string; sessionId: string; startRoute: string; steps: Array<{ event: { type: string }; expectedState: string }> }

type Props = {
  recordings: () => PanelRecording[]
  toFile: (recording: PanelRecording, account: 'demo' | 'fresh') => unknown
  clear: () => void
  /**
   * Whether Alt+Shift+R was pressed an odd number of times before the panel listened (the page is
   * painted from HTML before the app and this panel load); called once, as the panel starts
   * listening, so no press falls between the two.
   */
  takeEarlyPresses?: () => boolean
}

function download(name: string, data: unknown) {
  const url = URL.createObjectURL(new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' }))
  const a = document.createElement('a')
  a.href = url
  a.download = name
  a.click()
  URL.revokeObjectURL(url)
}

const OPEN = 'mypage:qa-recorder-open'

function readOpen(): boolean {
  try {
    return window.sessionStorage.getItem(OPEN) === '1'
  } catch {
    return false
  }
}

function writeOpen(open: boolean) {
  try {
    if (open) window.sessionStorage.setItem(OPEN, '1')
    else window.sessionStorage.removeItem(OPEN)
  } catch {
    // no storage: the panel opens by its shortcut on each page
  }
}

export function RecorderPanel({ recordings, toFile, clear, takeEarlyPresses }: Props) {
  // Open on the tab's next page too (a login leaves its page by loading the next one).
  const [open, setOpen] = useState(() => readOpen())
  const [account, setAccount] = useState<'demo' | 'fresh'>('demo')
  const [, setTick] = useState(0)
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (recorderShortcut(e)) setOpen((o) => !o)
    }
    window.addEventListener('keydown', onKey)
    if (takeEarlyPresses?.()) setOpen(true)
    return () => window.removeEventListener('keydown', onKey)
  }, [takeEarlyPresses])
  useEffect(() => {
    writeOpen(open)
  }, [open])
  useEffect(() => {
    if (!open) return
    const id = window.setInterval(() => setTick((t) => t + 1), 1000)
    return () => window.clearInterval(id)
  }, [open])
  if (!open) return null
  const list = recordings().filter((r) => r.steps.length > 0)
  return (
    <section
      aria-label="QA path recorder"
      style={{ position: 'fixed', right: 8, bottom: 8, zIndex: 10000, width: 360, maxHeight: '60vh', overflow: 'auto', background: '#fff', border: '1px solid #888', borderRadius: 6, padding: 8, font: '12px/1.4 monospace', boxShadow: '0 2px 8px rgba(0,0,0,.2)' }}
    >
      <strong>QA path recorder</strong> (Alt+Shift+R)
      <div>
        <label>
          account{' '}
          <select value={account} onChange={(e) => setAccount(e.currentTarget.value as 'demo' | 'fresh')}>
            <option value="demo">demo</option>
            <option value="fresh">fresh</option>
          </select>
        </label>{' '}
        <button type="button" onClick={() => { clear(); setTick((t) => t + 1) }}>clear</button>
      </div>
      {list.length === 0 && <p>No flow events recorded yet.</p>}
      <ul style={{ listStyle: 'none', padding: 0 }}>
        {list.map((r, i) => (
          <li key={r.sessionId} style={{ borderTop: '1px solid #ddd', paddingTop: 4 }}>
            <div>
              {r.flow} · {r.startRoute} · {r.steps.length} steps → {r.steps[r.steps.length - 1].expectedState}
            </div>
            <button type="button" onClick={() => download(`${r.flow}-${String(i + 1).padStart(2, '0')}.json`, toFile(r, account))}>
              download path file
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
}
