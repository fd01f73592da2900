import { useEffect, useState } from 'react'

/** Loudness (RMS of the waveform, 0–1) above which a voice counts as speaking. */
const SPEAKING_LEVEL = 0.04
/** How often the level is read, and how long speaking lasts after the voice stops (no flicker between words). */
const READ_MS = 150
const HOLD_MS = 600

/**
 * Whether someone is speaking on `stream` (its audio), for the room's "話しています" mark
 * (docs/product.md "The online consultation room"). Reads the level with the Web Audio API; no
 * stream, no audio track or no Web Audio: never speaking. `enabled` false (a muted microphone):
 * never speaking.
 */
export function useSpeaking(stream: MediaStream | null, enabled = true): boolean {
  const [speaking, setSpeaking] = useState(false)
  useEffect(() => {
    if (!stream || !enabled || stream.getAudioTracks().length === 0 || typeof AudioContext === 'undefined') {
      setSpeaking(false)
      return
    }
    const ctx = new AudioContext()
    const source = ctx.createMediaStreamSource(stream)
    const analyser = ctx.createAnalyser()
    analyser.fftSize = 512
    source.connect(analyser)
    const samples = new Float32Array(analyser.fftSize)
    let lastLoud = 0
    const timer = setInterval(() => {
      analyser.getFloatTimeDomainData(samples)
      let sum = 0
      for (const x of samples) sum += x * x
      const now = performance.now()
      if (Math.sqrt(sum / samples.length) > SPEAKING_LEVEL) lastLoud = now
      setSpeaking(now - lastLoud < HOLD_MS)
    }, READ_MS)
    return () => {
      clearInterval(timer)
      source.disconnect()
      void ctx.close()
    }
  }, [stream, enabled])
  return speaking
}
