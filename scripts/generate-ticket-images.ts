// Generates our own simple artwork for the ticket images and icons of product.md §9
// (/images/{minutes}-min-ticket.png, /images/icon_{minutes}min.png), the example-concern tiles
// (/images/menu/<menuId>.png) and consultant portraits (/images/staff/*.png) the seed refers to.
// No image library: a tiny RGBA canvas, a 5×7 pixel font and a PNG encoder on node:zlib.
//   npx tsx scripts/generate-ticket-images.ts
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { deflateSync } from 'node:zlib'

type RGB = [number, number, number]
const root = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'images')

class Canvas {
  readonly data: Uint8Array
  constructor(readonly w: number, readonly h: number) {
    this.data = new Uint8Array(w * h * 4)
  }
  set(x: number, y: number, [r, g, b]: RGB, a = 255) {
    if (x < 0 || y < 0 || x >= this.w || y >= this.h) return
    const i = (y * this.w + x) * 4
    this.data.set([r, g, b, a], i)
  }
  rect(x0: number, y0: number, w: number, h: number, c: RGB) {
    for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) this.set(x, y, c)
  }
  circle(cx: number, cy: number, r: number, c: RGB, a = 255) {
    for (let y = Math.floor(cy - r); y <= cy + r; y++)
      for (let x = Math.floor(cx - r); x <= cx + r; x++) if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r) this.set(x, y, c, a)
  }
  clearCircle(cx: number, cy: number, r: number) {
    this.circle(cx, cy, r, [0, 0, 0], 0)
  }
  text(s: string, x: number, y: number, scale: number, c: RGB) {
    let cx = x
    for (const ch of s) {
      const glyph = font[ch] ?? font[' ']
      glyph.forEach((row, gy) => {
        for (let gx = 0; gx < 5; gx++) if (row[gx] === '#') this.rect(cx + gx * scale, y + gy * scale, scale, scale, c)
      })
      cx += 6 * scale
    }
  }
  png(): Buffer {
    const raw = Buffer.alloc((this.w * 4 + 1) * this.h)
    for (let y = 0; y < this.h; y++) {
      raw[y * (this.w * 4 + 1)] = 0
      Buffer.from(this.data.buffer, y * this.w * 4, this.w * 4).copy(raw, y * (this.w * 4 + 1) + 1)
    }
    const ihdr = Buffer.alloc(13)
    ihdr.writeUInt32BE(this.w, 0)
    ihdr.writeUInt32BE(this.h, 4)
    ihdr.set([8, 6, 0, 0, 0], 8)
    return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))])
  }
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
const crc32 = (buf: Buffer) => {
  let c = 0xffffffff
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
function chunk(type: string, body: Buffer) {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(body.length)
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), body])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(typed))
  return Buffer.concat([len, typed, crc])
}

const font: Record<string, string[]> = {
  '0': [' ### ', '#   #', '#  ##', '# # #', '##  #', '#   #', ' ### '],
  '1': ['  #  ', ' ##  ', '  #  ', '  #  ', '  #  ', '  #  ', ' ### '],
  '2': [' ### ', '#   #', '    #', '   # ', '  #  ', ' #   ', '#####'],
  '3': ['#####', '   # ', '  #  ', '   # ', '    #', '#   #', ' ### '],
  '4': ['   # ', '  ## ', ' # # ', '#  # ', '#####', '   # ', '   # '],
  '5': ['#####', '#    ', '#### ', '    #', '    #', '#   #', ' ### '],
  '6': ['  ## ', ' #   ', '#    ', '#### ', '#   #', '#   #', ' ### '],
  '7': ['#####', '    #', '   # ', '  #  ', ' #   ', ' #   ', ' #   '],
  '8': [' ### ', '#   #', '#   #', ' ### ', '#   #', '#   #', ' ### '],
  '9': [' ### ', '#   #', '#   #', ' ####', '    #', '   # ', ' ##  '],
  M: ['#   #', '## ##', '# # #', '# # #', '#   #', '#   #', '#   #'],
  I: [' ### ', '  #  ', '  #  ', '  #  ', '  #  ', '  #  ', ' ### '],
  N: ['#   #', '##  #', '# # #', '#  ##', '#   #', '#   #', '#   #'],
  T: ['#####', '  #  ', '  #  ', '  #  ', '  #  ', '  #  ', '  #  '],
  C: [' ### ', '#   #', '#    ', '#    ', '#    ', '#   #', ' ### '],
  K: ['#   #', '#  # ', '# #  ', '##   ', '# #  ', '#  # ', '#   #'],
  E: ['#####', '#    ', '#    ', '#### ', '#    ', '#    ', '#####'],
  ' ': ['     ', '     ', '     ', '     ', '     ', '     ', '     '],
}

const palettes: Record<number, { main: RGB; dark: RGB; light: RGB }> = {
  30: { main: [56, 178, 172], dark: [35, 78, 82], light: [230, 255, 250] },
  60: { main: [66, 153, 225], dark: [42, 67, 101], light: [235, 248, 255] },
  90: { main: [159, 122, 234], dark: [68, 51, 122], light: [250, 245, 255] },
  120: { main: [237, 137, 54], dark: [123, 52, 30], light: [255, 250, 240] },
  180: { main: [229, 62, 62], dark: [116, 42, 42], light: [255, 245, 245] },
}
const white: RGB = [255, 255, 255]
const width = (s: string, scale: number) => (s.length * 6 - 1) * scale

function ticket(minutes: number): Buffer {
  const { main, dark, light } = palettes[minutes]
  const c = new Canvas(320, 160)
  c.rect(8, 16, 304, 128, main)
  c.rect(8, 16, 84, 128, dark)
  // perforation between stub and body
  for (let y = 22; y < 140; y += 10) c.rect(91, y, 3, 5, light)
  // notches at the tear line and the ends
  for (const [x, y] of [[92, 16], [92, 144], [8, 80], [312, 80]]) c.clearCircle(x, y, 10)
  const digits = String(minutes)
  c.text(digits, 92 + (220 - width(digits, 9)) / 2, 34, 9, white)
  c.text('MIN', 92 + (220 - width('MIN', 4)) / 2, 106, 4, light)
  c.text('TICKET', 52 - width('TICKET', 2) / 2, 40, 2, light)
  c.text('TICKET', 52 - width('TICKET', 2) / 2, 108, 2, light)
  return c.png()
}

function icon(minutes: number): Buffer {
  const { main, dark } = palettes[minutes]
  const c = new Canvas(96, 96)
  c.circle(47.5, 47.5, 47, dark)
  c.circle(47.5, 47.5, 42, main)
  const digits = String(minutes)
  const scale = digits.length > 2 ? 4 : 5
  c.text(digits, (96 - width(digits, scale)) / 2, 24, scale, white)
  c.text('MIN', (96 - width('MIN', 2)) / 2, 66, 2, white)
  return c.png()
}

function tile(seed: number, label: string): Buffer {
  const colors = Object.values(palettes)
  const { main, light } = colors[seed % colors.length]
  const c = new Canvas(160, 160)
  c.rect(0, 0, 160, 160, light)
  c.circle(80, 70, 44, main)
  c.text(label, (160 - width(label, 4)) / 2, 52, 4, white)
  return c.png()
}

function portrait(seed: number): Buffer {
  const colors = Object.values(palettes)
  const { main, dark, light } = colors[seed % colors.length]
  const c = new Canvas(128, 128)
  c.rect(0, 0, 128, 128, light)
  c.circle(64, 50, 26, main)
  c.circle(64, 132, 50, dark)
  return c.png()
}

function fallbackPortrait(): Buffer {
  const c = new Canvas(128, 128)
  c.rect(0, 0, 128, 128, [237, 242, 247])
  c.circle(64, 50, 26, [160, 174, 192])
  c.circle(64, 132, 50, [113, 128, 150])
  return c.png()
}

const write = (path: string, png: Buffer) => {
  mkdirSync(dirname(join(root, path)), { recursive: true })
  writeFileSync(join(root, path), png)
}

for (const minutes of Object.keys(palettes).map(Number)) {
  write(`${minutes}-min-ticket.png`, ticket(minutes))
  write(`icon_${minutes}min.png`, icon(minutes))
}
const menus: Record<number, number> = { 30: 3, 60: 4, 90: 2, 120: 2 }
let seed = 0
for (const [minutes, count] of Object.entries(menus)) {
  for (let i = 1; i <= count; i++) write(`menu/menu-${minutes}-${i}.png`, tile(seed++, String(i)))
}
for (const n of [1, 2, 3, 5, 6]) write(`staff/staff-0${n}.png`, portrait(n))
write('staff/no-image.png', fallbackPortrait())
console.log(`images written to ${root}`)
