'use strict';
// grpc-js calling the RpcCompare gRPC host (Grpc.AspNetCore) with the project's graph.proto.
// Usage: node client.js 127.0.0.1:PORT HUB_ID [--tls CA_FILE | --tls-system-roots]
//   --tls CA_FILE: over TLS, trusting only that PEM certificate (the run's, or the CA that signed the host's).
//   --tls-system-roots: over TLS, trusting what node trusts by default, as a client that was not given the run's certificate.
// Prints one JSON object with the outcome of every check; the xunit test asserts on it.
const fs = require('node:fs');
const { grpc, Graph, Health } = require('./load');

const [address, hubArgument, security, caFile] = process.argv.slice(2);
if (!address || !hubArgument || (security === '--tls' && !caFile)
  || (security !== undefined && security !== '--tls' && security !== '--tls-system-roots')) {
  console.error('usage: node client.js HOST:PORT HUB_ID [--tls CA_FILE | --tls-system-roots]');
  process.exit(2);
}
const hub = Number(hubArgument);

function credentialsFor(mode) {
  if (mode === '--tls') {
    return grpc.credentials.createSsl(fs.readFileSync(caFile));
  }
  return mode === '--tls-system-roots' ? grpc.credentials.createSsl() : grpc.credentials.createInsecure();
}

const credentials = credentialsFor(security);
// Straight to the loopback server, whatever proxy the environment names.
const channelOptions = { 'grpc.enable_http_proxy': 0, 'grpc.max_receive_message_length': -1 };
const graph = new Graph(address, credentials, channelOptions);
const health = new Health(address, credentials, channelOptions);
// A method the host does not have, to see its answer to an unknown path.
const Missing = grpc.makeGenericClientConstructor({
  Missing: {
    path: '/rpccompare.v1.Graph/Missing',
    requestStream: false,
    responseStream: false,
    requestSerialize: (value) => value,
    requestDeserialize: (value) => value,
    responseSerialize: (value) => value,
    responseDeserialize: (value) => value,
  },
}, 'Missing');
const missing = new Missing(address, credentials, channelOptions);

function unary(client, method, request, options = {}) {
  return new Promise((resolve) => {
    client[method](request, new grpc.Metadata(), options, (error, response) => {
      resolve(error ? { code: error.code, details: error.details } : { code: 0, response });
    });
  });
}

function stream(client, method, request) {
  return new Promise((resolve) => {
    const batches = [];
    const call = client[method](request);
    call.on('data', (message) => batches.push(message.links.length));
    call.on('error', (error) => resolve({ code: error.code, details: error.details, batches }));
    call.on('end', () => resolve({ code: 0, batches }));
  });
}

async function main() {
  const results = {};
  results.ping = await unary(graph, 'Ping', { payload: 'hello from grpc-js ✓' });
  const big = 'x'.repeat(1024 * 1024);
  const bigPing = await unary(graph, 'Ping', { payload: big });
  results.bigPing = { code: bigPing.code, length: bigPing.response ? bigPing.response.payload.length : -1 };
  const links = await unary(graph, 'GetLinks', { node_id: hub });
  results.links = {
    code: links.code,
    count: links.response ? links.response.links.length : -1,
    first: links.response ? links.response.links[0] : null,
  };
  results.streamed = await stream(graph, 'StreamLinks', { node_id: hub });
  results.notFound = await unary(graph, 'GetLinks', { node_id: 987654321 });
  results.invalid = await unary(graph, 'SearchNodes', { term: 'amber', limit: -1 });
  results.missing = await unary(missing, 'Missing', Buffer.alloc(0));
  results.deadline = await unary(graph, 'GetLinks', { node_id: hub }, { deadline: Date.now() + 1 });
  results.health = await unary(health, 'Check', { service: '' });
  results.healthUnknown = await unary(health, 'Check', { service: 'no.such.Service' });
  results.afterErrors = await unary(graph, 'Ping', { payload: 'still here' });
  graph.close();
  health.close();
  missing.close();
  process.stdout.write(JSON.stringify(results) + '\n');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
