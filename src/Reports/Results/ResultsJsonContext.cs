using System.Text.Json.Serialization;

namespace RpcCompare.Reports.Results;

/// <summary>
/// The one serializer setup for manifest.json and summary.json, shared by the writer (load client) and the reader
/// (reports): camelCase, indented, nulls written, and nullable annotations and required members enforced on read.
/// </summary>
[JsonSourceGenerationOptions(
    PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase,
    WriteIndented = true,
    DefaultIgnoreCondition = JsonIgnoreCondition.Never,
    RespectNullableAnnotations = true,
    RespectRequiredConstructorParameters = true,
    NumberHandling = JsonNumberHandling.Strict,
    AllowTrailingCommas = false)]
[JsonSerializable(typeof(RunManifest))]
[JsonSerializable(typeof(RunSummary))]
public sealed partial class ResultsJsonContext : JsonSerializerContext;
