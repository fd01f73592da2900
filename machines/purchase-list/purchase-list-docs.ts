import type { FlowDocs } from '../shared/flow-docs'

/** What the purchase-list chart means in business words: the generated diagram (docs/flows) and the live flow panel read it. */
export const flowDocs: FlowDocs = {
  title: 'お支払い履歴',
  purpose: '過去3か月または選んだ年のお支払いを20件ずつ表示し、求めに応じて続きを読み込む。',
  routes: ['/purchase-list'],
  events: {
    'period.change': '表示期間を選ぶ',
    'more.load': 'もっと見る',
  },
  states: {
    loading: '履歴を読み込み中',
    ready: '履歴を表示中',
    loadingMore: '続きを読み込み中',
    toError: 'エラーページへ：500・通信エラーは「システムエラー」、ほかは「ページが見つかりません」',
  },
  guards: {
    hasMore: '続きがあるとき',
  },
  actors: {
    fetchPage: '履歴を1ページ読み込む',
  },
}
