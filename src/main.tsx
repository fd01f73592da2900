import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { createServices } from './app/services'
import { startApp } from './app/start-app'
import { config } from './config'

const { router } = startApp(createServices(config))

createRoot(document.getElementById('root')!).render(<App router={router} />)
