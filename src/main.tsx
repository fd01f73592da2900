import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { installDevTools } from './app/flow-recorder'
import { createServices } from './app/services'
import { startApp } from './app/start-app'
import { config } from './config'

// Development and test builds: QA recorder panel (Alt+Shift+R) and `?inspect` (docs/qa.md).
if (import.meta.env.MODE !== 'production') void installDevTools()

const { router } = startApp(createServices(config))

createRoot(document.getElementById('root')!).render(<App router={router} />)
