import { gtagQueue } from './analytics'

/** Error-reporting port (product.md §1: an error-reporting service exists). */
export type ErrorReporter = {
  report(error: unknown, context?: Record<string, string>): void
}

export const consoleErrorReporter: ErrorReporter = {
  report: (error, context) => console.error('[error]', error, context ?? {}),
}

/** Production: sends the error as a gtag `exception` event (no extra vendor script). */
export function createGtagErrorReporter(gaId: string): ErrorReporter {
  const gtag = gtagQueue(gaId)
  return {
    report(error, context) {
      const description = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
      gtag('event', 'exception', { description, fatal: false, ...context })
    },
  }
}

export function createErrorReporter(options: { production: boolean; gaId?: string }): ErrorReporter {
  return options.production && options.gaId ? createGtagErrorReporter(options.gaId) : consoleErrorReporter
}
