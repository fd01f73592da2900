import { judgeCharts } from './spec-rules-suite'

// Part 1 of the charts judged by their spec rules (spec-rules-suite.ts says how they are split).
await judgeCharts(0)
