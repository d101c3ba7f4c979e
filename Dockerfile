# GridOps image: the server (API, console, embedded broker or an external one) and the gateway simulator.
# docs/deployment.md explains the settings; compose.yaml runs two instances behind HAProxy.

# ---- build: install with dev dependencies, compile everything, then drop the dev dependencies ----
FROM node:20-bookworm-slim AS build
WORKDIR /app
# Manifests first, so dependency layers are reused while only sources change.
COPY package.json package-lock.json ./
COPY packages/format/package.json packages/format/
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/simulator/package.json apps/simulator/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY packages packages
COPY apps apps
COPY scripts scripts
# A workspace may keep packages of its own under apps/*/node_modules (npm nests a version that differs from the
# root's, e.g. the server's aedes-persistence-redis); the directory exists either way for the COPY below.
RUN npm run build && npm prune --omit=dev --no-audit --no-fund && mkdir -p apps/server/node_modules

# ---- run: node, ffmpeg for the demo cameras, CJK fonts for PDF reports, pg_dump/pg_restore for backups ----
FROM node:20-bookworm-slim
RUN apt-get update \
  && apt-get install -y --no-install-recommends ffmpeg fonts-noto-cjk postgresql-client tini ca-certificates \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data \
    WEB_DIR=/app/apps/web/dist
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/packages/format/package.json packages/format/
COPY --from=build /app/packages/format/dist packages/format/dist
COPY --from=build /app/packages/contract/package.json packages/contract/
COPY --from=build /app/packages/contract/dist packages/contract/dist
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/node_modules apps/server/node_modules
COPY --from=build /app/apps/simulator/package.json apps/simulator/
COPY --from=build /app/apps/simulator/dist apps/simulator/dist
COPY --from=build /app/apps/web/dist apps/web/dist
# Never root: the image's `node` user (uid 1000) owns only the data directory.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
# HTTP (API + console), MQTT for gateways, MQTT over WebSocket for browsers; TLS variants when configured.
EXPOSE 8080 1883 8084 8883 8085
# Liveness: the process answers. Load balancers use /ready (database, broker, ingest) instead.
HEALTHCHECK --interval=15s --timeout=5s --start-period=90s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "apps/server/dist/main.js"]
