import { addInspectionListener, installDevTools } from './adapters/flow-recorder'

/**
 * Development and test builds: the QA recorder panel (Alt+Shift+R) and `?inspect` (docs/qa.md),
 * and the offline live flow panel (`?flows`, Alt+Shift+F; docs/flows/README.md), a chunk of its
 * own. Started by both entries (src/main.tsx, src/login-main.tsx); nothing in a production build.
 */
export function startDevTools() {
  if (import.meta.env.MODE !== 'production') {
    void installDevTools()
    const search = window.location.search // read before the router tidies the URL
    void import('./features/qa/flow-panel-mount').then((m) => m.mountFlowPanel(addInspectionListener, search))
  }
}
