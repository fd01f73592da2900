/**
 * Chakra's colour scales the app does not use (src/theme.ts drops them from its system; the build
 * also drops them from Chakra's token files, scripts/vite/chakra-system.ts). A module of its own so
 * the build's configuration reads the list without loading Chakra.
 */
export const droppedPalettes = ['yellow', 'cyan', 'purple', 'pink']
