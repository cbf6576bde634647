# The matchlog api. The catalog (and, by default, the event store) live in /data.
# Node 22 (LTS), not 24: better-sqlite3 12 aborts on Node 24 (SIGABRT in a Statement's finalizer,
# WiseLibs/better-sqlite3#1515), and 13, which fixes it, needs Node 22+. See docs/explanation/deployment.md, "Node lines".
ARG NODE_IMAGE=node:22-bookworm-slim

# build: every dependency, the typecheck, dist/, then the devDependencies pruned: the README's production
# install, which test/production-install.prod.spec.ts runs as written here (change them together)
FROM ${NODE_IMAGE} AS build
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
# npm ci's postinstall: better-sqlite3 built for the Node that runs the project
COPY scripts/native-addon.js ./scripts/
RUN npm ci
COPY . .
RUN npm run typecheck && npm run build && npm prune --omit=dev

# what runs: production node_modules, dist/ and the CLI (bin/), as the unprivileged user node
FROM ${NODE_IMAGE}
ENV NODE_ENV=production MATCHLOG_DATA_DIR=/data PORT=3000
WORKDIR /app
COPY package.json package-lock.json ./
COPY bin ./bin
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/health/ready`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node is PID 1, with no npm or shell in between: it gets SIGTERM itself and shuts down gracefully
# (apps/api/src/graceful-shutdown.ts: in-flight requests finish, the stores close, exit 0 within 10 s).
CMD ["node", "--enable-source-maps", "dist/apps/api/src/main.js"]
