'use strict';
// grpc-js calling a server under test. Usage: node client.js 127.0.0.1:PORT
// Prints one JSON object with the outcome of every check; the xunit test asserts on it.
const { grpc, Echo, Health } = require('./load');

const address = process.argv[2];
if (!address) {
  console.error('usage: node client.js HOST:PORT');
  process.exit(2);
}

const credentials = grpc.credentials.createInsecure();
// Straight to the loopback server, whatever proxy the environment names.
const channelOptions = { 'grpc.enable_http_proxy': 0 };
const echo = new Echo(address, credentials, channelOptions);
const health = new Health(address, credentials, channelOptions);

function unary(client, method, request, options = {}) {
  return new Promise((resolve) => {
    client[method](request, new grpc.Metadata(), options, (error, response) => {
      resolve(error ? { code: error.code, details: error.details } : { code: 0, response });
    });
  });
}

function stream(client, method, request) {
  return new Promise((resolve) => {
    const values = [];
    const call = client[method](request);
    call.on('data', (message) => values.push(message.value));
    call.on('error', (error) => resolve({ code: error.code, details: error.details, values }));
    call.on('end', () => resolve({ code: 0, values }));
  });
}

async function main() {
  const results = {};
  results.echo = await unary(echo, 'Echo', { value: 'hello from grpc-js ✓' });
  const big = 'x'.repeat(1024 * 1024);
  const bigEcho = await unary(echo, 'Echo', { value: big });
  results.bigEcho = { code: bigEcho.code, length: bigEcho.response ? bigEcho.response.value.length : -1 };
  results.fail = await unary(echo, 'Fail', { value: 'NotFound:node 42 is missing: 100% ✓' });
  results.missing = await unary(echo, 'Missing', { value: '' });
  results.slow = await unary(echo, 'Slow', { value: '' }, { deadline: Date.now() + 300 });
  const count = await stream(echo, 'Count', { value: 1000 });
  results.count = { code: count.code, n: count.values.length, sum: count.values.reduce((a, b) => a + b, 0) };
  results.countThenFail = await stream(echo, 'CountThenFail', { value: 3 });
  results.health = await unary(health, 'Check', { service: '' });
  results.healthUnknown = await unary(health, 'Check', { service: 'no.such.Service' });
  results.afterErrors = await unary(echo, 'Echo', { value: 'still here' });
  echo.close();
  health.close();
  process.stdout.write(JSON.stringify(results) + '\n');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
