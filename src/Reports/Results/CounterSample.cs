namespace RpcCompare.Reports.Results;

/// <summary>
/// One 500 ms sample of a server process (a row of counters-&lt;stack&gt;.csv). Allocations, collections and bytes
/// are deltas over the interval; bytes sent are sent by the server. Null where the value was unknown.
/// </summary>
public sealed record CounterSample(
    double ElapsedSeconds,
    string Variant,
    double? GcHeapMb,
    double? WorkingSetMb,
    long? AllocBytes,
    long? Gen0,
    long? Gen1,
    long? Gen2,
    double? CpuPercent,
    long? BytesSent,
    long? BytesReceived);
