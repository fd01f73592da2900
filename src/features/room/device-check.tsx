import { Alert, Box, Button, Field, HStack, Stack, Text } from '@chakra-ui/react'
import { NativeSelect } from '../../ui/later-recipes/native-select'
import { useEffect, useRef, useState } from 'react'
import { roomText as t } from '../../text/room'

type Problem = 'denied' | 'missing' | 'busy' | 'noMicrophone' | null

const problemOf = (e: unknown): Problem => {
  const name = (e as { name?: string } | null)?.name
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied'
  if (name === 'NotReadableError' || name === 'AbortError') return 'busy'
  return 'missing'
}
const problemText = { denied: t.deviceDenied, missing: t.deviceMissing, busy: t.deviceBusy, noMicrophone: t.noMicrophone } as const

/** The microphone's level, 0–100, from an AnalyserNode on the stream's audio (WebAudio). */
function useLevel(stream: MediaStream | null): number {
  const [level, setLevel] = useState(0)
  useEffect(() => {
    if (!stream || stream.getAudioTracks().length === 0) return
    const ctx = new AudioContext()
    const analyser = ctx.createAnalyser()
    analyser.fftSize = 512
    ctx.createMediaStreamSource(stream).connect(analyser)
    const data = new Uint8Array(analyser.fftSize)
    let frame = 0
    const read = () => {
      analyser.getByteTimeDomainData(data)
      let sum = 0
      for (const x of data) sum += ((x - 128) / 128) ** 2
      setLevel(Math.min(100, Math.round(Math.sqrt(sum / data.length) * 300)))
      frame = requestAnimationFrame(read)
    }
    read()
    return () => {
      cancelAnimationFrame(frame)
      void ctx.close()
    }
  }, [stream])
  return level
}

/** A labelled choice of one kind of device (nothing when the browser lists none). */
function DeviceSelect({ label, devices, value, onChange }: { label: string; devices: MediaDeviceInfo[]; value: string; onChange: (id: string) => void }) {
  if (devices.length === 0) return null
  return (
    <Field.Root maxW="xs">
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)}>
          {devices.map((d, i) => <option key={d.deviceId} value={d.deviceId}>{d.label || `${label} ${i + 1}`}</option>)}
        </NativeSelect.Field>
      </NativeSelect.Root>
    </Field.Root>
  )
}

/**
 * The check before joining (docs/product.md "The online consultation room"): the camera and
 * microphone to use (enumerateDevices), a preview and a level meter, plain Japanese when the
 * browser refuses or finds no device, and a voice-only way in. `onJoin` receives the stream to use.
 */
export function DeviceCheck({ onJoin }: { onJoin: (stream: MediaStream, mode: 'video' | 'voice') => void }) {
  const [stream, setStream] = useState<MediaStream | null>(null)
  const [problem, setProblem] = useState<Problem>(null)
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([])
  const [cameraId, setCameraId] = useState('')
  const [micId, setMicId] = useState('')
  const preview = useRef<HTMLVideoElement>(null)
  const handedOver = useRef(false)
  const level = useLevel(stream)

  useEffect(() => {
    let cancelled = false
    let opened: MediaStream | null = null
    const open = async () => {
      const audio = micId ? { deviceId: { exact: micId } } : true
      const video = cameraId ? { deviceId: { exact: cameraId } } : true
      try {
        opened = await navigator.mediaDevices.getUserMedia({ audio, video })
        setProblem(null)
      } catch (e) {
        const p = problemOf(e)
        // No camera (or it is busy): the microphone alone still lets them in by voice.
        try {
          opened = p === 'denied' ? null : await navigator.mediaDevices.getUserMedia({ audio })
          setProblem(p)
        } catch (e2) {
          setProblem(problemOf(e2) === 'missing' ? 'noMicrophone' : problemOf(e2))
          opened = null
        }
      }
      if (cancelled) {
        opened?.getTracks().forEach((x) => x.stop())
        return
      }
      setStream(opened)
      setDevices(await navigator.mediaDevices.enumerateDevices().catch(() => []))
    }
    void open()
    return () => {
      cancelled = true
      if (!handedOver.current) opened?.getTracks().forEach((x) => x.stop())
    }
  }, [cameraId, micId])

  useEffect(() => {
    if (preview.current) preview.current.srcObject = stream
  }, [stream])

  const cameras = devices.filter((d) => d.kind === 'videoinput' && d.deviceId)
  const mics = devices.filter((d) => d.kind === 'audioinput' && d.deviceId)
  const hasVideo = !!stream && stream.getVideoTracks().length > 0
  const hasAudio = !!stream && stream.getAudioTracks().length > 0
  const join = (mode: 'video' | 'voice') => {
    if (!stream) return
    handedOver.current = true
    if (mode === 'voice') for (const v of stream.getVideoTracks()) {
      v.stop()
      stream.removeTrack(v)
    }
    onJoin(stream, mode)
  }

  return (
    <Stack gap="4" as="section" aria-labelledby="device-check-title">
      <Text id="device-check-title" fontWeight="bold" fontSize="lg">{t.devicesTitle}</Text>
      <Text fontSize="sm">{t.devicesLead}</Text>
      {problem && (
        <Alert.Root status={problem === 'denied' || problem === 'noMicrophone' ? 'error' : 'warning'} role="alert">
          <Alert.Indicator />
          <Alert.Description>{problemText[problem]}</Alert.Description>
        </Alert.Root>
      )}
      <Box bg="black" borderRadius="md" overflow="hidden" maxW="md" aspectRatio={4 / 3}>
        <video ref={preview} autoPlay muted playsInline aria-label={t.preview} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      </Box>
      <HStack gap="4" wrap="wrap">
        <DeviceSelect label={t.camera} devices={cameras} value={cameraId || (stream?.getVideoTracks()[0]?.getSettings().deviceId ?? '')} onChange={setCameraId} />
        <DeviceSelect label={t.microphone} devices={mics} value={micId || (stream?.getAudioTracks()[0]?.getSettings().deviceId ?? '')} onChange={setMicId} />
      </HStack>
      {hasAudio && (
        <Stack gap="1" maxW="xs">
          <Text fontSize="sm" id="mic-level-label">{t.level}</Text>
          <Box role="meter" aria-labelledby="mic-level-label" aria-valuemin={0} aria-valuemax={100} aria-valuenow={level} h="2" bg="gray.200" borderRadius="full" overflow="hidden">
            <Box h="full" w={`${level}%`} bg="green.500" transition="width 0.1s" />
          </Box>
        </Stack>
      )}
      <HStack gap="3" wrap="wrap">
        <Button colorPalette="brand" onClick={() => join('video')} disabled={!hasVideo || !hasAudio}>{t.joinVideo}</Button>
        <Button variant="outline" onClick={() => join('voice')} disabled={!hasAudio}>{t.joinVoice}</Button>
      </HStack>
    </Stack>
  )
}
