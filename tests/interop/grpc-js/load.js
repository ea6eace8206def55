'use strict';
// Loads the echo service and the standard health service (our own health.proto, so that the C# server's
// copy of it is what a real client sees).
const path = require('node:path');
const grpc = require('@grpc/grpc-js');
const protoLoader = require('@grpc/proto-loader');

const options = { keepCase: true, longs: Number, enums: String, defaults: true, oneofs: true };
const echo = grpc.loadPackageDefinition(protoLoader.loadSync(path.join(__dirname, 'echo.proto'), options));
const healthProto = path.join(__dirname, '..', '..', '..', 'src', 'Protocols', 'Grpc', 'Protos', 'health.proto');
const health = grpc.loadPackageDefinition(protoLoader.loadSync(healthProto, options));

module.exports = {
  grpc,
  Echo: echo.rpccompare.test.Echo,
  Health: health.grpc.health.v1.Health,
};
