import type { FlowDocs } from '../shared/flow-docs'

/** What the rating chart means in business words: the generated diagram (docs/flows) and the live flow panel read it. */
export const flowDocs: FlowDocs = {
  title: '相談員の評価・チップ',
  purpose: 'After a completed support, the member rates the consultant (overall and four sub-scores, a comment) and may add a tip, paid on /buy.',
  routes: ['/rating'],
  events: {
    'score.change': 'The member sets the overall score (1–5 stars); required before sending.',
    'detail.change': 'The member changes one of the four sub-scores (friendliness, smooth progress, problem-solving, clear explanation; default 5).',
    'comment.change': 'The member types the optional comment (at most 500 characters once trimmed).',
    'tip.select': 'The member chooses a tip product, or no tip.',
    'form.submit': 'The member presses send: the confirm modal opens.',
    'modal.confirm': 'The member confirms in the modal: the rating is sent.',
    'modal.cancel': 'The member closes the confirm modal to edit again.',
  },
}
