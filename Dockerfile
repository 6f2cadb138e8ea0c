# Drapeau's container image (README "Deploy"): built in one stage, production dependencies in another, and only those
# plus the built app in the final image, run as the unprivileged `node` user.
ARG BASE_IMAGE=node:20-bookworm-slim

FROM ${BASE_IMAGE} AS build
# Only for machines whose egress proxy re-signs TLS (CI passes the host's CA bundle); not kept in the image.
ARG NODE_EXTRA_CA_CERTS=
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM ${BASE_IMAGE} AS production-deps
ARG NODE_EXTRA_CA_CERTS=
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --omit=dev --workspace @drapeau/server --no-audit --no-fund && mkdir -p apps/server/node_modules

FROM ${BASE_IMAGE}
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=production-deps /app/node_modules ./node_modules
COPY --from=production-deps /app/apps/server/node_modules ./apps/server/node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/packages/shared/package.json ./packages/shared/
COPY --from=build /app/apps/server/package.json ./apps/server/
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/web/dist ./apps/web/dist
COPY --from=build /app/scripts/drapeau.mjs ./scripts/
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node itself is PID 1 and handles SIGTERM (src/main.ts closes the server and the database); run with `--init` or
# compose's `init: true` so that a stop also reaps any child process.
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]
