namespace RpcCompare.LoadClient.Measurement;

/// <summary>
/// One 500 ms sample of a server process's runtime and socket counters. Null where the counter did not report.
/// Allocation, collections and bytes are deltas over the sample's interval; bytes are seen from the server
/// (<see cref="BytesSent"/> = sent by the server, i.e. response bytes).
/// </summary>
/// <param name="Timestamp">When the target produced the sample (a Stopwatch timestamp; same clock as the client's).</param>
/// <param name="ElapsedSeconds">Seconds since the monitoring session started.</param>
/// <param name="Variant">The variant label in force at the middle of the sample's interval.</param>
/// <param name="IntervalSeconds">The interval the runtime says the sample covers.</param>
/// <param name="GcHeapMb">GC heap size in MB (10^6 bytes).</param>
/// <param name="WorkingSetMb">Working set in MB (10^6 bytes).</param>
/// <param name="AllocatedBytes">Bytes allocated during the interval.</param>
/// <param name="Gen0Collections">Gen 0 collections during the interval (a gen 2 collection counts in all three).</param>
/// <param name="Gen1Collections">Gen 1 collections during the interval.</param>
/// <param name="Gen2Collections">Gen 2 collections during the interval.</param>
/// <param name="CpuPercent">CPU used during the interval, in percent of the CPUs the host may use (the runtime's cpu-usage counter).</param>
/// <param name="BytesSent">TCP payload bytes the server sent during the interval.</param>
/// <param name="BytesReceived">TCP payload bytes the server received during the interval.</param>
/// <param name="DbBusyConnections">PostgreSQL connections in use in the server's Npgsql pools (mean over the interval).</param>
/// <param name="JitMs">Milliseconds the runtime spent compiling methods during the interval (its time-in-jit counter).</param>
public sealed record CounterReading(
    long Timestamp,
    double ElapsedSeconds,
    string Variant,
    double? IntervalSeconds,
    double? GcHeapMb,
    double? WorkingSetMb,
    long? AllocatedBytes,
    long? Gen0Collections,
    long? Gen1Collections,
    long? Gen2Collections,
    double? CpuPercent,
    long? BytesSent,
    long? BytesReceived,
    double? DbBusyConnections = null,
    double? JitMs = null);
