# Yumi Studio server image: builds the web app and the server, keeps only what runs.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci && npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
COPY --from=build /app /app
# Not root: the process writes only to DATA_DIR (mail outbox; files and the database live elsewhere when
# S3_BUCKET and DATABASE_URL are set).
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# The server finishes in-flight requests on SIGTERM (docker stop), then exits.
CMD ["node", "--import", "./apps/server/dist/telemetry.js", "apps/server/dist/main.js"]
