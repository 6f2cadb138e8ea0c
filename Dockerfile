# Drapeau's container image (README "Deploy"; docs/operations.md "Image"): the app is built in one stage; the final image
# installs only the server's production dependencies and takes the built app, and runs as the unprivileged `node` user.
# npm's downloads stay in a cache mount, never in a layer, so that a rebuild after a code change downloads nothing.
ARG BASE_IMAGE=node:20-bookworm-slim

FROM ${BASE_IMAGE} AS build
# Only for machines whose egress proxy re-signs TLS (CI passes the host's CA bundle); not kept in the image.
ARG NODE_EXTRA_CA_CERTS=
# Where npm keeps its downloads: the cache mount below, or a folder the builder mounts (CI mounts the host's cache).
ARG NPM_CONFIG_CACHE=/root/.npm
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY packages/labs/package.json packages/labs/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN --mount=type=cache,id=drapeau-npm,target=/root/.npm,sharing=locked npm ci --no-audit --no-fund --prefer-offline
COPY . .
RUN npm run build

FROM ${BASE_IMAGE}
ARG NODE_EXTRA_CA_CERTS=
ARG NPM_CONFIG_CACHE=/root/.npm
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY packages/labs/package.json packages/labs/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
# The packages the built server loads from node_modules: the build bundles the others (apps/server/tsup.config.ts).
COPY --from=build /app/apps/server/dist/external-packages.json apps/server/dist/
COPY scripts/prune-image-modules.mjs scripts/
# The server's production dependencies, installed once and in place (no second copy of node_modules between stages).
# The package files lose their devDependencies first, and the web app its dependencies (its built files need none):
# otherwise npm also installs the optional peers of production packages that are development tools here (better-auth's
# drizzle-kit and vitest, with TypeScript, esbuild and msw behind them), and React: about 150 MB that nothing runs.
# Then only the external packages stay, with what they depend on: about 75 MB less.
# /data is made here too, for the `node` user, to save a layer.
RUN --mount=type=cache,id=drapeau-npm,target=/root/.npm,sharing=locked \
  node -e 'const fs = require("node:fs"); \
    for (const file of ["package.json", "packages/shared/package.json", "packages/labs/package.json", "apps/server/package.json", "apps/web/package.json"]) { \
      const pkg = JSON.parse(fs.readFileSync(file, "utf8")); \
      delete pkg.devDependencies; \
      if (file.startsWith("apps/web/")) delete pkg.dependencies; \
      fs.writeFileSync(file, JSON.stringify(pkg)); \
    }' \
  && npm ci --omit=dev --no-audit --no-fund --prefer-offline \
  && node scripts/prune-image-modules.mjs apps/server/dist/external-packages.json \
  && mkdir -p apps/server/node_modules /data && chown node:node /data
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/web/dist ./apps/web/dist
COPY scripts/drapeau.mjs ./scripts/
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node is PID 1 and handles SIGTERM and SIGINT itself (src/main.ts: live streams ended, requests drained, database
# closed, exit 0). `docker run --init` or compose's `init: true` adds an init that also reaps any child process.
STOPSIGNAL SIGTERM
# A young generation of 32 MB instead of 16 (docs/performance.md "2026-11-25"), as scripts/start.mjs does.
CMD ["node", "--enable-source-maps", "--max-semi-space-size=32", "apps/server/dist/main.js"]
