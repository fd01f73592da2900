# syntax=docker/dockerfile:1
# The production image (docs/operations.md): one Node process serving the built SPA and the API on
# one origin, configured only by environment variables. It runs the server compiled to JavaScript
# (`npm run build:server`: dist-server/main.js) with plain node — no TypeScript loader, no dev tools
# in the runtime stage. Production settings are enforced at start (server/config.ts): no emulator,
# no demo seeding, no test routes, no sandbox payments unless ALLOW_SANDBOX_PAYMENTS=1.

ARG NODE_IMAGE=node:20-bookworm-slim

# ── 1. dependencies, with the dev tools the build needs ──────────────────────────────────────────
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

# ── 2. the SPA's production build (fails on a missing VITE_* value) and the compiled server ─────
FROM deps AS build
ARG VITE_FIREBASE_API_KEY
ARG VITE_FIREBASE_AUTH_DOMAIN
ARG VITE_FIREBASE_PROJECT_ID
ARG VITE_PAYMENT_PROVIDER
ARG VITE_STRIPE_PUBLISHABLE_KEY
ARG VITE_RECAPTCHA_SITE_KEY
ARG VITE_GA_ID
ARG VITE_API_BASE
COPY . .
RUN npm run build && npm run build:server

# ── 3. runtime: production dependencies only (no tsx, TypeScript, Vite or test tools), the ───────
#       compiled server and the built SPA; no source
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    STATIC_DIR=/app/dist
WORKDIR /app
COPY package.json package-lock.json ./
# TypeScript comes along as valibot's optional peer (types only, never loaded at run time): removed,
# so no compiler is in the image.
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force \
 && rm -rf node_modules/typescript node_modules/.bin/tsc node_modules/.bin/tsserver
COPY --from=build /app/dist-server ./dist-server
COPY --from=build /app/dist ./dist
USER node
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--enable-source-maps", "dist-server/main.js"]
