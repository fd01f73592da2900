import type { Config } from '../../config'

/**
 * product.md §9 "Support phone numbers: a default one and two different ones for two landing-page
 * sources": the number a member calls for the free interview, by the landing page they signed up
 * from (`members.lp_source`). Unknown or no source: the default.
 */
export function supportTelFor(config: Pick<Config, 'supportTel'>, lpSource: string | null | undefined): string {
  const bySource = config.supportTel.byLpSource
  return lpSource && Object.hasOwn(bySource, lpSource) ? bySource[lpSource] : config.supportTel.default
}
