# syntax=docker/dockerfile:1
# Build stage: compile TypeScript (and native modules) with the full toolchain.
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# npm ci runs the prepare script, which finds no sources yet here and builds nothing; the build is below.
COPY tools/build-if-stale.js tools/unpack-fonts.js ./tools/
RUN npm ci
COPY tsconfig.json tsconfig.build.json tsconfig.client.json nest-cli.json ./
COPY studio ./studio
COPY src ./src
RUN npm run build && npm prune --omit=dev
# The WOFF2 fonts unpacked once into node_modules/.cache/pictor-fonts (src/fonts/unpacked-fonts.ts), which the
# runtime stage copies with node_modules: no process of the image decompresses a font at start.
RUN node tools/unpack-fonts.js
# The font packages ship every weight in WOFF and WOFF2; Pictor registers only the WOFF2 files of
# weights 400 and 700 (src/fonts/font-catalog.ts), so the rest (~270 MB) stays out of the image.
RUN find node_modules/@fontsource -path '*/files/*' -type f ! -regex '.*-\(400\|700\)-normal\.woff2' -delete

# Runtime stage: only production dependencies and compiled code, as a non-root user.
FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# node directly, not npm: npm does not forward SIGTERM to its child.
# The same V8 setting as npm start (see docs/performance.md, memory).
CMD ["node", "--max-semi-space-size=4", "--heap-growing-percent=20", "dist/main.js"]
