'use strict';
// A grpc-js server implementing the echo service and health, for our client to call.
// Binds 127.0.0.1 on a free port, prints {"port":N} on one line, and exits when its stdin closes,
// so it never outlives the test that started it.
const { grpc, Echo, Health } = require('./load');

const server = new grpc.Server();

server.addService(Echo.service, {
  Echo: (call, callback) => callback(null, { value: call.request.value }),
  Fail: (call, callback) => {
    const text = call.request.value;
    const separator = text.indexOf(':');
    const name = text.slice(0, separator).replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase();
    callback({ code: grpc.status[name], details: text.slice(separator + 1) });
  },
  Slow: (call) => {
    // Never answers; grpc-js ends the call when the deadline passes or the client cancels.
    call.on('cancelled', () => {});
  },
  Bytes: (call, callback) => callback(null, { value: Buffer.alloc(call.request.value, 7) }),
  Header: (call, callback) => {
    const values = call.metadata.get(call.request.value);
    callback(null, { value: values.length ? String(values[0]) : '' });
  },
  Count: (call) => {
    for (let i = 1; i <= call.request.value; i++) {
      call.write({ value: i });
    }
    call.end();
  },
  CountThenFail: (call) => {
    for (let i = 1; i <= call.request.value; i++) {
      call.write({ value: i });
    }
    call.emit('error', { code: grpc.status.ABORTED, details: 'stopped after ' + call.request.value });
  },
});

server.addService(Health.service, {
  Check: (call, callback) => callback(null, { status: 'SERVING' }),
});

server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, port) => {
  if (error) {
    console.error(error);
    process.exit(1);
  }
  process.stdout.write(JSON.stringify({ port }) + '\n');
});

process.stdin.resume();
process.stdin.on('end', () => server.tryShutdown(() => process.exit(0)));
process.stdin.on('close', () => server.forceShutdown());
