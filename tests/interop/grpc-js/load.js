'use strict';
// Loads the project's own graph.proto (the contract the gRPC host serves) and the standard health service.
const path = require('node:path');
const grpc = require('@grpc/grpc-js');
const protoLoader = require('@grpc/proto-loader');

// graph.proto imports google/api/annotations.proto (the grpc-json stack's routes): the test names the folder of
// Google.Api.CommonProtos' .proto files.
const includeDirs = process.env.RPCCOMPARE_GOOGLE_API_PROTOS ? [process.env.RPCCOMPARE_GOOGLE_API_PROTOS] : [];
const options = { keepCase: true, longs: Number, enums: String, defaults: true, oneofs: true, includeDirs };
const graphProto = path.join(__dirname, '..', '..', '..', 'src', 'Contracts', 'Protos', 'graph.proto');
const graph = grpc.loadPackageDefinition(protoLoader.loadSync(graphProto, options));
const health = grpc.loadPackageDefinition(protoLoader.loadSync(path.join(__dirname, 'health.proto'), options));

module.exports = {
  grpc,
  Graph: graph.rpccompare.v1.Graph,
  Health: health.grpc.health.v1.Health,
};
