using System.Globalization;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using RpcCompare.Benchmarks.Serializers;

namespace RpcCompare.Benchmarks.Running;

/// <summary>The bytes the serializer produced for the message: what would go on the wire before transport framing.</summary>
public sealed class PayloadSizeColumn : IColumn
{
    public string Id => nameof(PayloadSizeColumn);

    public string ColumnName => "Payload [B]";

    public bool AlwaysShow => true;

    public ColumnCategory Category => ColumnCategory.Custom;

    public int PriorityInCategory => 0;

    public bool IsNumeric => true;

    public UnitType UnitType => UnitType.Dimensionless;

    public string Legend => "Serialized message size in bytes (deterministic message, same for both directions)";

    public bool IsAvailable(Summary summary) => true;

    public bool IsDefault(Summary summary, BenchmarkCase benchmarkCase) => false;

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase) =>
        GetValue(summary, benchmarkCase, summary.Style);

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase, SummaryStyle style)
    {
        if (Activator.CreateInstance(benchmarkCase.Descriptor.Type) is not SerializerBenchmarks benchmarks
            || benchmarkCase.Parameters[nameof(SerializerBenchmarks.Serializer)] is not SerializerKind serializer)
        {
            return "-";
        }
        return PayloadSizes.Of(benchmarks.Message, serializer).ToString("N0", CultureInfo.InvariantCulture);
    }

    public override string ToString() => ColumnName;
}
