# The production image: the same steps as scripts/build-image.mjs, which builds and starts these
# contents where no container engine runs (docs/production.md, "Container image"). Keep them together.
# Build: docker build -t clinic-online-booking .   Run: docker compose up (compose.yaml, .env.example)
# Node 22 (LTS): several production packages (cookie 2, content-disposition 3) ask for Node >= 22.

# 1. assemble: the web app and the server bundle (needs the development packages: vite, esbuild).
FROM node:22-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN node scripts/build-image.mjs --assemble-only /app

# 2. dependencies: production packages only (no vite, tsx or esbuild in the image).
FROM node:22-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund

# 3. the image: the bundle, the built web app, production packages; a non-root user.
FROM node:22-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/app/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app ./
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME /app/data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# Migrations are a step of their own in production: docker compose run --rm app node dist/server/admin-cli.mjs migrate
CMD ["node", "--enable-source-maps", "dist/server/main.mjs"]
