using BenchmarkDotNet.Attributes;
using RpcCompare.Benchmarks.Messages;
using RpcCompare.Benchmarks.Serializers;

namespace RpcCompare.Benchmarks.Running;

/// <summary>
/// Serialize and deserialize one message with every serializer. Each derived class is one message, so a summary table
/// is one message and a filter such as <c>*HubLinks250k*</c> runs one message.
/// </summary>
[System.Diagnostics.CodeAnalysis.SuppressMessage("Design", "CA1001", Justification = "BenchmarkDotNet owns the lifetime: the buffer is made in [GlobalSetup] and disposed in [GlobalCleanup].")]
public abstract class SerializerBenchmarks
{
    private SerializerCase _case = null!;
    private PayloadBuffer _destination = null!;
    private byte[] _payload = [];

    public abstract MessageKind Message { get; }

    [ParamsAllValues]
    public SerializerKind Serializer { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _case = MessageCatalog.Create(Message).CreateCase(Serializer);
        _payload = _case.SerializeToArray();
        // Sized once, so growing the buffer is never part of a measurement.
        _destination = new PayloadBuffer(_payload.Length);
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        _case = null!;
        _destination.Dispose();
        _payload = [];
    }

    /// <summary>Returns the bytes written so the work cannot be optimized away.</summary>
    [Benchmark]
    [BenchmarkCategory(Categories.Serialize)]
    public long Serialize()
    {
        _destination.Clear();
        _case.Serialize(_destination);
        return _destination.WrittenCount;
    }

    [Benchmark]
    [BenchmarkCategory(Categories.Deserialize)]
    public object Deserialize() => _case.Deserialize(_payload);
}
