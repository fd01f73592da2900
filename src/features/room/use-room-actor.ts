import { useActorRef } from '@xstate/react'
import { useEffect, useRef, useState } from 'react'
import { fromPromise } from 'xstate'
import type { RoomAccessResponse, RoomSide } from '../../../contract/room'
import { roomMachine } from '../../../machines/room/room-machine'
import { flowInspect } from '../../adapters/flow-recorder'
import { RoomSession } from './room-session'

/** What the room needs from the app: its access call (member or staff registry) and the ID token. */
export type RoomPorts = {
  loadRoom: (ticketNumber: string) => Promise<RoomAccessResponse>
  getToken: () => Promise<string | null>
}

/**
 * The room chart with its effects (docs/server.md "The online consultation room"): the one place of
 * the room that opens devices, sockets and peer connections. The page hands over the stream chosen
 * on the device check (`useLocalStream`'s ref) before it sends `join`.
 */
export function useRoomActor(ports: RoomPorts, ticketNumber: string, side: RoomSide) {
  const session = useRef<RoomSession | null>(null)
  const local = useRef<MediaStream | null>(null)
  const [remote, setRemote] = useState<MediaStream | null>(null)
  const [shareFailed, setShareFailed] = useState(false)
  /** The server's clock minus this device's (seconds): the room opens and closes by the server's time. */
  const skew = useRef(0)
  const actor = useActorRef(
    roomMachine.provide({
      actors: {
        loadRoom: fromPromise(async ({ input }) => {
          const room = await ports.loadRoom(input.ticketNumber)
          skew.current = room.nowUnixTime - Math.floor(Date.now() / 1000)
          return room
        }),
      },
      actions: {
        startSession: (_, { room }) => {
          const stream = local.current ?? new MediaStream()
          const s = new RoomSession({ ticketNumber, side, iceServers: room.iceServers, getToken: ports.getToken, local: stream, emit: (e) => actor.send(e), onRemote: setRemote })
          session.current = s
          s.start()
        },
        leaveSession: () => {
          session.current?.leave()
          session.current = null
        },
        setMic: (_, { on }) => session.current?.setMic(on),
        setCamera: (_, { on }) => session.current?.setCamera(on),
        startShare: () => {
          setShareFailed(false)
          void session.current?.startShare().then((ok) => (ok ? actor.send({ type: 'share.started' }) : setShareFailed(true)))
        },
        stopShare: () => session.current?.stopShare(),
        sendChat: (_, { id, text }) => session.current?.sendChat(id, text),
      },
    }),
    { input: { ticketNumber, side }, inspect: flowInspect },
  )
  // The clock for the waiting room and the room's closing: a tick every few seconds.
  useEffect(() => {
    const tick = () => {
      const now = Math.floor(Date.now() / 1000) + skew.current
      actor.send({ type: 'clock.tick', now })
      const room = actor.getSnapshot().context.room
      if (room && now >= room.closesUnixTime) actor.send({ type: 'room.closed' })
    }
    const timer = setInterval(tick, 5_000)
    return () => clearInterval(timer)
  }, [actor])
  // Leaving the page leaves the room.
  useEffect(() => () => session.current?.leave(), [])
  return { actor, local, remote, shareFailed }
}
