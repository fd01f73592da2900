import { Alert, Box, Button, Field, Heading, HStack, Input, Spinner, Stack, Text } from '@chakra-ui/react'
import { useSelector } from '@xstate/react'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { ROOM_CHAT_MAX, type RoomAccessResponse, type RoomSide } from '../../../contract/room'
import { formatDateTimeUnix } from '../../../contract/jst'
import { isSendableChat } from '../../../machines/room/room-machine'
import { roomView } from '../../../machines/room/room-view'
import { roomText as t } from '../../text/room'
import { PathLink } from '../../ui/path-link'
import { DeviceCheck } from './device-check'
import { useRoomActor, type RoomPorts } from './use-room-actor'

function Video({ stream, label, muted }: { stream: MediaStream | null; label: string; muted?: boolean }) {
  const ref = useRef<HTMLVideoElement>(null)
  useEffect(() => {
    if (ref.current) ref.current.srcObject = stream
  }, [stream])
  return <video ref={ref} autoPlay playsInline muted={muted} aria-label={label} style={{ width: '100%', height: '100%', objectFit: 'contain', background: 'black' }} />
}

/**
 * The online consultation room, for the member (`/room/$ticketNumber`) and the consultant
 * (`/staff/room/$ticketNumber`): waiting, the device check, then the call with chat beside it.
 * `afterEnd` is what follows the end (the consultant's outcome form).
 */
export function RoomPage({ ports, ticketNumber, side, backHref, backLabel, afterEnd }: { ports: RoomPorts; ticketNumber: string; side: RoomSide; backHref: string; backLabel: string; afterEnd?: (room: RoomAccessResponse) => ReactNode }) {
  const { actor, local, remote, shareFailed } = useRoomActor(ports, ticketNumber, side)
  const s = useSelector(actor, (x) => x)
  const c = s.context
  const peer = c.room ? `${c.room.peerName}` : t.peer[side]
  const [draft, setDraft] = useState('')
  const chatEnd = useRef<HTMLDivElement>(null)
  useEffect(() => {
    chatEnd.current?.scrollIntoView({ block: 'nearest' })
  }, [c.chat.length])

  const back = (
    <Button asChild variant="outline" size="sm">
      <PathLink href={backHref}>{backLabel}</PathLink>
    </Button>
  )
  let body: ReactNode
  if (roomView.isLoading(s)) body = <HStack><Spinner size="sm" /><Text>{t.loading}</Text></HStack>
  else if (roomView.isRefused(s)) {
    body = (
      <Stack gap="3">
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t.refusedTitle}</Alert.Title>
            <Alert.Description>{c.refusal}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <Box>{back}</Box>
      </Stack>
    )
  } else if (roomView.canRetry(s)) {
    body = (
      <Stack gap="3">
        <Alert.Root status="error" role="alert"><Alert.Indicator /><Alert.Description>{c.refusal}</Alert.Description></Alert.Root>
        <Box><Button onClick={() => actor.send({ type: 'retry' })}>{t.retry}</Button></Box>
      </Stack>
    )
  } else if (roomView.isWaiting(s) && c.room) {
    body = (
      <Stack gap="2" role="status">
        <Text fontWeight="bold">{t.waitingTitle}</Text>
        <Text>{t.waiting(formatDateTimeUnix(c.room.startUnixTime), formatDateTimeUnix(c.room.opensUnixTime))}</Text>
      </Stack>
    )
  } else if (roomView.isCheckingDevices(s)) {
    body = <DeviceCheck onJoin={(stream, mode) => { local.current = stream; actor.send({ type: 'join', mode }) }} />
  } else if (roomView.isEnded(s)) {
    body = (
      <Stack gap="3">
        <Text fontWeight="bold" role="status">{t.endedTitle}</Text>
        <Text>{t.ended}</Text>
        {afterEnd && c.room && afterEnd(c.room)}
        <Box>{back}</Box>
      </Stack>
    )
  } else {
    const status = roomView.isReconnecting(s) ? t.reconnecting : roomView.isConnected(s) ? t.connected(peer) : t.connecting(peer)
    const send = () => {
      if (!isSendableChat(draft)) return
      actor.send({ type: 'chat.send', text: draft, at: Math.floor(Date.now() / 1000) })
      setDraft('')
    }
    body = (
      <Stack gap="3">
        <Alert.Root status={roomView.isReconnecting(s) ? 'warning' : roomView.isConnected(s) ? 'success' : 'info'} role="status" size="sm" data-testid="room-status">
          <Alert.Indicator />
          <Alert.Description>{status}{c.drops > 0 && !roomView.isReconnecting(s) ? ` ${t.reconnected(c.drops)}` : ''}</Alert.Description>
        </Alert.Root>
        <Stack direction={{ base: 'column', lg: 'row' }} gap="4" align="stretch">
          <Stack flex="2" gap="2">
            <Box position="relative" bg="black" borderRadius="md" overflow="hidden" aspectRatio={16 / 9}>
              <Video stream={remote} label={t.remoteVideo} />
              <Box position="absolute" right="2" bottom="2" w="28%" aspectRatio={4 / 3} borderRadius="sm" overflow="hidden" borderWidth="1px" borderColor="whiteAlpha.600">
                <Video stream={local.current} label={t.localVideo} muted />
              </Box>
            </Box>
            <HStack gap="2" wrap="wrap">
              <Button size="sm" variant={c.micOn ? 'outline' : 'solid'} aria-pressed={!c.micOn} onClick={() => actor.send({ type: 'mic.toggle' })}>{c.micOn ? t.micOn : t.micOff}</Button>
              {roomView.canToggleCamera(s) && (
                <Button size="sm" variant={c.cameraOn ? 'outline' : 'solid'} aria-pressed={!c.cameraOn} onClick={() => actor.send({ type: 'camera.toggle' })}>{c.cameraOn ? t.cameraOn : t.cameraOff}</Button>
              )}
              <Button size="sm" variant="outline" aria-pressed={c.sharing} onClick={() => actor.send({ type: c.sharing ? 'share.stop' : 'share.start' })}>{c.sharing ? t.shareStop : t.shareStart}</Button>
              <Button size="sm" colorPalette="red" onClick={() => actor.send({ type: 'leave' })}>{t.leave}</Button>
            </HStack>
            {shareFailed && <Text fontSize="sm" color="fg.error" role="alert">{t.shareFailed}</Text>}
          </Stack>
          <Stack flex="1" gap="2" as="section" aria-labelledby="room-chat-title" minW="0">
            <Heading as="h2" size="sm" id="room-chat-title">{t.chatTitle}</Heading>
            <Box role="log" aria-live="polite" borderWidth="1px" borderRadius="md" p="2" h={{ base: '40', lg: '64' }} overflowY="auto" data-testid="room-chat">
              {c.chat.length === 0 && <Text fontSize="sm" color="fg.muted">{t.chatEmpty}</Text>}
              {c.chat.map((line, i) => (
                <Text key={i} fontSize="sm" data-from={line.from}>
                  <Text as="span" fontWeight="bold">{line.from === side ? t.me : peer}</Text>：{line.text}
                </Text>
              ))}
              <div ref={chatEnd} />
            </Box>
            <form onSubmit={(e) => { e.preventDefault(); send() }}>
              <HStack gap="2" align="end">
                <Field.Root invalid={draft.trim().length > ROOM_CHAT_MAX}>
                  <Field.Label fontSize="sm">{t.chatLabel}</Field.Label>
                  <Input size="sm" value={draft} onChange={(e) => setDraft(e.target.value)} maxLength={ROOM_CHAT_MAX + 100} />
                </Field.Root>
                <Button size="sm" type="submit" disabled={!isSendableChat(draft)}>{t.chatSend}</Button>
              </HStack>
            </form>
          </Stack>
        </Stack>
      </Stack>
    )
  }
  return (
    <Stack gap="4" py="4">
      <Heading as="h1" size="lg">{t.title}{c.room ? `（${c.room.productName}）` : ''}</Heading>
      {body}
    </Stack>
  )
}
