import { Alert, Box, Button, Field, Heading, HStack, Spinner, Stack, Text, Textarea } from '@chakra-ui/react'
import { useSelector } from '@xstate/react'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import * as v from 'valibot'
import { ChatText, ROOM_CHAT_MAX, type RoomAccessResponse, type RoomSide } from '../../../contract/room'
import { formatDateTimeUnix } from '../../../contract/jst'
import { isSendableChat } from '../../../machines/room/room-machine'
import { roomView } from '../../../machines/room/room-view'
import { roomText as t } from '../../text/room'
import { PathLink } from '../../ui/path-link'
import { ChatLineView } from './chat-line'
import { DeviceCheck } from './device-check'
import { useRoomActor, type RoomPorts } from './use-room-actor'
import { useSpeaking } from './use-speaking'

function Video({ stream, label, muted }: { stream: MediaStream | null; label: string; muted?: boolean }) {
  const ref = useRef<HTMLVideoElement>(null)
  useEffect(() => {
    if (ref.current) ref.current.srcObject = stream
  }, [stream])
  return <video ref={ref} autoPlay playsInline muted={muted} aria-label={label} style={{ width: '100%', height: '100%', objectFit: 'contain', background: 'black' }} />
}

/** Over a picture: the person's name and 「カメラはオフです」 when their camera is off (and no screen is shared). */
function CameraOff({ name }: { name: string }) {
  return (
    <Stack position="absolute" inset="0" align="center" justify="center" gap="1" color="white" bg="gray.900" data-testid="room-camera-off">
      <Text fontWeight="bold" fontSize="lg">{name}</Text>
      <Text fontSize="sm">{t.cameraIsOff}</Text>
    </Stack>
  )
}

/** A muted microphone's mark (an icon with its words for screen readers). */
function MicOff({ label }: { label: string }) {
  return (
    <HStack gap="1" px="2" py="0.5" borderRadius="sm" bg="red.600" color="white" fontSize="xs" data-testid="room-mic-off">
      <svg width="12" height="12" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round">
        <path d="M12 3a3 3 0 0 0-3 3v6a3 3 0 0 0 5.2 2" /><path d="M15 9.3V6a3 3 0 0 0-.5-1.7" /><path d="M19 11a7 7 0 0 1-1.1 3.8M5 11a7 7 0 0 0 11 5.7M12 18v3" /><path d="M3 3l18 18" />
      </svg>
      <span>{label}</span>
    </HStack>
  )
}

/** Who is speaking: a ring around their picture and a word under it (visual only: a live region would talk over the call). */
function SpeakingMark({ speaking, label }: { speaking: boolean; label: string }) {
  return speaking ? (
    <Box px="2" py="0.5" borderRadius="sm" bg="green.600" color="white" fontSize="xs" aria-hidden="true" data-testid="room-speaking">
      {label}
    </Box>
  ) : null
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
    body = <InRoom actor={actor} local={local.current} remote={remote} shareFailed={shareFailed} side={side} peer={peer} />
  }
  return (
    <Stack gap="4" py="4">
      <Heading as="h1" size="lg">{t.title}{c.room ? `（${c.room.productName}）` : ''}</Heading>
      {body}
    </Stack>
  )
}

type RoomActor = ReturnType<typeof useRoomActor>['actor']

/** The call under way: the pictures with their marks, the controls, and the chat. */
function InRoom({ actor, local, remote, shareFailed, side, peer }: { actor: RoomActor; local: MediaStream | null; remote: MediaStream | null; shareFailed: boolean; side: RoomSide; peer: string }) {
  const s = useSelector(actor, (x) => x)
  const c = s.context
  const [draft, setDraft] = useState('')
  // The chat box scrolls to its newest line, itself only (scrolling the page would take a phone's
  // screen away from the picture), and only when the reader was at its end (not while reading back).
  const chatBox = useRef<HTMLDivElement>(null)
  const atEnd = useRef(true)
  const lastLine = c.chat.at(-1)
  useEffect(() => {
    const box = chatBox.current
    if (box && atEnd.current) box.scrollTop = box.scrollHeight
  }, [c.chat.length, lastLine?.state])
  const peerSpeaking = useSpeaking(remote, roomView.peerMicMayBeOn(s))
  const meSpeaking = useSpeaking(local, c.micOn)

  const checked = v.safeParse(ChatText, draft)
  const draftError = draft.trim() === '' ? null : checked.success ? null : checked.issues[0].message
  const status = roomView.isReconnecting(s) ? t.reconnecting : roomView.isConnected(s) ? t.connected(peer) : t.connecting(peer)
  const send = () => {
    if (!isSendableChat(draft)) return
    actor.send({ type: 'chat.send', id: crypto.randomUUID(), text: draft, at: Math.floor(Date.now() / 1000) })
    setDraft('')
  }
  return (
    <Stack gap="3">
      <Alert.Root status={roomView.isReconnecting(s) ? 'warning' : roomView.isConnected(s) ? 'success' : 'info'} role="status" size="sm" data-testid="room-status">
        <Alert.Indicator />
        <Alert.Description>{status}{c.drops > 0 && !roomView.isReconnecting(s) ? ` ${t.reconnected(c.drops)}` : ''}</Alert.Description>
      </Alert.Root>
      <Stack direction={{ base: 'column', lg: 'row' }} gap="4" align="stretch">
        <Stack flex="2" gap="2" minW="0">
          <Box position="relative" bg="black" borderRadius="md" overflow="hidden" aspectRatio={16 / 9} outline={peerSpeaking ? '3px solid' : 'none'} outlineColor="green.500" data-testid="room-remote">
            <Video stream={remote} label={t.remoteVideo} />
            {roomView.peerCameraOff(s) && <CameraOff name={peer} />}
            <HStack position="absolute" left="2" bottom="2" gap="1">
              {c.peerHere && <Box px="2" py="0.5" borderRadius="sm" bg="blackAlpha.700" color="white" fontSize="xs">{peer}</Box>}
              {roomView.peerMicOff(s) && <MicOff label={t.peerMicOff(peer)} />}
              <SpeakingMark speaking={peerSpeaking && c.peerHere} label={t.speaking(peer)} />
            </HStack>
            <Box position="absolute" right="2" bottom="2" w="28%" aspectRatio={4 / 3} borderRadius="sm" overflow="hidden" borderWidth={meSpeaking ? '3px' : '1px'} borderColor={meSpeaking ? 'green.500' : 'whiteAlpha.600'} data-testid="room-local">
              <Video stream={local} label={t.localVideo} muted />
              {roomView.myCameraOff(s) && <CameraOff name={t.me} />}
              {!c.micOn && <Box position="absolute" left="1" bottom="1"><MicOff label={t.myMicOff} /></Box>}
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
          {roomView.peerSharing(s) && <Text fontSize="sm" color="fg.muted">{t.peerSharing(peer)}</Text>}
        </Stack>
        <Stack flex="1" gap="2" as="section" aria-labelledby="room-chat-title" minW="0">
          <Heading as="h2" size="sm" id="room-chat-title">{t.chatTitle}</Heading>
          <Box
            ref={chatBox}
            role="log"
            aria-live="polite"
            borderWidth="1px"
            borderRadius="md"
            p="2"
            h={{ base: '48', lg: '72' }}
            overflowY="auto"
            data-testid="room-chat"
            onScroll={(e) => {
              const box = e.currentTarget
              atEnd.current = box.scrollHeight - box.scrollTop - box.clientHeight < 24
            }}
          >
            {c.chat.length === 0 && <Text fontSize="sm" color="fg.muted">{t.chatEmpty}</Text>}
            {c.chat.map((line) => (
              <ChatLineView key={line.id} line={line} who={line.from === side ? t.me : peer} mine={line.from === side} onRetry={() => actor.send({ type: 'chat.retry', id: line.id })} />
            ))}
          </Box>
          <form onSubmit={(e) => { e.preventDefault(); send() }}>
            <Stack gap="2">
              <Field.Root invalid={draftError !== null}>
                <Field.Label fontSize="sm">{t.chatLabel}</Field.Label>
                <Textarea
                  size="sm"
                  rows={2}
                  autoresize
                  value={draft}
                  onChange={(e) => setDraft(e.target.value)}
                  onKeyDown={(e) => {
                    // Enter sends; Shift+Enter (and Enter while a Japanese input method is composing) is a line break.
                    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                      e.preventDefault()
                      send()
                    }
                  }}
                  maxLength={ROOM_CHAT_MAX + 100}
                  autoComplete="off"
                />
                {draftError ? <Field.ErrorText>{draftError}</Field.ErrorText> : <Field.HelperText>{t.chatHelp(draft.trim().length, ROOM_CHAT_MAX)}</Field.HelperText>}
              </Field.Root>
              <HStack justify="end"><Button size="sm" type="submit" disabled={!isSendableChat(draft)}>{t.chatSend}</Button></HStack>
            </Stack>
          </form>
        </Stack>
      </Stack>
    </Stack>
  )
}
