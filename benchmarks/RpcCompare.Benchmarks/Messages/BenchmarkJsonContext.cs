using System.Text.Json;
using System.Text.Json.Serialization;

namespace RpcCompare.Benchmarks.Messages;

/// <summary>
/// Source-generated metadata for the benchmark-only article type, with the same options as the contract's
/// GraphJsonContext (web defaults: camelCase), which serves every graph message.
/// </summary>
[JsonSourceGenerationOptions(JsonSerializerDefaults.Web)]
[JsonSerializable(typeof(Article[]))]
public sealed partial class BenchmarkJsonContext : JsonSerializerContext;
