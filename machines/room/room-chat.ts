import type { RoomChatLine, RoomSide } from '../../contract/room'

// The room chart's chat lines (room-machine.ts): their order and the merge of the history the
// server gives on each (re)join. Pure helpers of the chart's assignments.

/** A chat line on the page: `seq` is its place in the room's order once the server has it. */
export type ChatLine = { id: string; from: RoomSide; text: string; at: number; seq: number | null; state: 'sending' | 'sent' | 'failed'; error?: string }
/** Lines in the room's order: numbered ones by number, the ones not yet numbered after them as sent. */
export const ordered = (lines: ChatLine[]) => {
  const numbered = lines.filter((l) => l.seq !== null).sort((a, b) => a.seq! - b.seq!)
  return [...numbered, ...lines.filter((l) => l.seq === null)]
}
/** The chat with the room's history merged in: the server's lines (by id) win; the page's own unsent ones stay. */
export const merged = (chat: ChatLine[], history: RoomChatLine[]): ChatLine[] => {
  const known = new Set(history.map((l) => l.id))
  const mine = chat.filter((l) => !known.has(l.id) && l.seq === null)
  return ordered([...history.map((l): ChatLine => ({ ...l, state: 'sent' })), ...mine])
}

