import { startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { installDevTools } from './adapters/flow-recorder'
import { createServices } from './app/services'
import { startApp } from './app/start-app'
import { config } from './config'

// Development and test builds: QA recorder panel (Alt+Shift+R) and `?inspect` (docs/qa.md).
if (import.meta.env.MODE !== 'production') void installDevTools()

const { router } = startApp(createServices(config))

// A transition: React renders the first page in slices and yields to the browser between them,
// so startup is not one long task (docs/performance.md, Lighthouse TBT).
startTransition(() => createRoot(document.getElementById('root')!).render(<App router={router} />))
