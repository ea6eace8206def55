using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Diagnosers;
using BenchmarkDotNet.Exporters.Json;

namespace RpcCompare.Benchmarks.Running;

/// <summary>What every run gets: allocations per operation, the payload size, and a machine-readable export.</summary>
public static class BenchmarkConfig
{
    public static IConfig Create() => DefaultConfig.Instance
        .AddDiagnoser(MemoryDiagnoser.Default)
        .AddColumn(new PayloadSizeColumn())
        .AddExporter(JsonExporter.Full);
}
