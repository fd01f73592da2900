// The part of autocannon@9 the benchmarks use (the package ships no types).
declare module 'autocannon' {
  type Request = { method?: string; path?: string; headers?: Record<string, string>; body?: string }
  type Options = {
    url: string
    connections?: number
    duration?: number
    amount?: number
    pipelining?: number
    headers?: Record<string, string>
    requests?: (Request & { setupRequest?: (req: Request) => Request })[]
  }
  type Histogram = { average: number; mean: number; p50: number; p90: number; p99: number; max: number; total: number }
  export type Result = { requests: Histogram; latency: Histogram; throughput: Histogram; non2xx: number; errors: number; timeouts: number; duration: number }
  export default function autocannon(opts: Options): Promise<Result>
}
