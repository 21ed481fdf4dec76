# The whole site in one container, as `npm start` runs it (deploy/cedar-ridge.service is
# the same without Docker). Build: docker build -t cedar-ridge .
# Run, keeping contact messages in a volume and editing content/ from the host (npm start
# publishes every saved change):
#   docker run -d -p 3000:3000 -v cedar-ridge-data:/data -v "$PWD/content:/srv/cedar-ridge/content" cedar-ridge
FROM node:20-bookworm-slim

# jemalloc: npm start runs the server with it (scripts/with-allocator.sh); glibc's malloc keeps what a day frees.
RUN apt-get update && apt-get install -y --no-install-recommends libjemalloc2 && rm -rf /var/lib/apt/lists/*

WORKDIR /srv/cedar-ridge
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The first build happens here, so the container answers at once; npm start's build then reuses it.
RUN npm run build && mkdir -p /data && chown -R node:node /srv/cedar-ridge /data

USER node
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
VOLUME ["/data"]
EXPOSE 3000
CMD ["npm", "start"]
