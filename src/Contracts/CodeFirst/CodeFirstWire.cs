using ProtoBuf;

// protobuf-net writes DateTime as google.protobuf.Timestamp (not its own bcl.DateTime) for the contract types, so the
// code-first stack's messages are graph.proto's (tests: CodeFirstWireTests). The other difference from proto3 is on each
// string member: protobuf-net writes an empty string (2 bytes) that Google.Protobuf omits, unless the member declares ""
// its default ([DefaultValue("")], which DataContractSerializer and System.Text.Json ignore).
[assembly: CompatibilityLevel(CompatibilityLevel.Level300)]
