# syntax=docker/dockerfile:1
# The gateway image. Node 24 runs the server's TypeScript directly (type stripping), so the only
# build step is the browser app (vite build); the runtime stage carries production dependencies,
# the server sources, the bank files and the built client, and runs as the non-root `node` user.
# tests/unit/deploy/docker.test.ts keeps this file and docker-compose.yml in step.

FROM node:24-bookworm-slim AS base
WORKDIR /app
COPY package.json package-lock.json ./

# Every dependency, for the client build. The `node` dev dependency installs here and stays here:
# the image's own Node 24 runs the server.
FROM base AS deps
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build

FROM base AS prod-deps
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
# Code and bank files stay owned by root: the server reads them and cannot change them. Only
# data/ (PGlite's folder, used when DATABASE_URL is not set) is the node user's.
COPY --from=prod-deps /app/node_modules ./node_modules
COPY package.json ./
COPY server ./server
COPY tenants ./tenants
COPY themes ./themes
COPY --from=build /app/dist/client ./dist/client
RUN mkdir data && chown node:node data
USER node
EXPOSE 3000
# Healthy = ready: /readyz answers 200 only while PostgreSQL and Redis answer (server/health.ts), and
# what reads this status (compose's depends_on, Swarm, a load balancer) should send no traffic to a
# gateway that cannot serve it. Docker restarts nothing for being unhealthy; an orchestrator with
# separate probes uses /healthz for liveness. Slim images have no curl: Node's own fetch asks.
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/readyz', { signal: AbortSignal.timeout(4000) }).then((response) => process.exit(response.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "server/main.ts"]
