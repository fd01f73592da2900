import { judgeCharts } from './spec-rules-suite'

// Part 2 of the charts judged by their spec rules (spec-rules-suite.ts says how they are split).
await judgeCharts(1)
