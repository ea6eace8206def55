namespace RpcCompare.LoadClient.Measurement;

/// <summary>
/// The server figures of one variant's window, aggregated over the samples labelled with it. Null where no sample of
/// the window reported the counter. Bytes are seen from the server: <see cref="BytesReceived"/> are the requests
/// (summary.json's bytesSentPerRequest), <see cref="BytesSent"/> the responses (bytesReceivedPerRequest).
/// </summary>
public sealed record CounterWindowSummary(
    string Variant,
    int SampleCount,
    double? PeakWorkingSetMb,
    double? PeakGcHeapMb,
    long? AllocatedBytes,
    long? Gen0Collections,
    long? Gen1Collections,
    long? Gen2Collections,
    double? MeanCpuPercent,
    long? BytesSent,
    long? BytesReceived,
    double? PeakDbBusyConnections = null,
    double? CpuShareSeconds = null)
{
    /// <summary>Aggregates the samples labelled <paramref name="variant"/>.</summary>
    public static CounterWindowSummary FromSamples(string variant, IEnumerable<CounterReading> samples)
    {
        ArgumentNullException.ThrowIfNull(variant);
        var window = samples.Where(sample => sample.Variant == variant).ToList();
        return new CounterWindowSummary(
            variant,
            window.Count,
            window.Max(sample => sample.WorkingSetMb),
            window.Max(sample => sample.GcHeapMb),
            SumOrNull(window.Select(sample => sample.AllocatedBytes)),
            SumOrNull(window.Select(sample => sample.Gen0Collections)),
            SumOrNull(window.Select(sample => sample.Gen1Collections)),
            SumOrNull(window.Select(sample => sample.Gen2Collections)),
            window.Average(sample => sample.CpuPercent),
            SumOrNull(window.Select(sample => sample.BytesSent)),
            SumOrNull(window.Select(sample => sample.BytesReceived)),
            window.Max(sample => sample.DbBusyConnections),
            CpuShareSecondsOf(window));
    }

    /// <summary>Bytes the server allocated per successful request; null if unknown or no request succeeded.</summary>
    public double? AllocatedBytesPerRequest(long requests) => PerRequest(AllocatedBytes, requests);

    /// <summary>
    /// Server CPU time per call in milliseconds: each sample's CPU share (of the host's <paramref name="hostCpus"/> CPUs)
    /// times the interval that sample covers, summed over the window and divided by the calls its samples saw (first call,
    /// warm-up and measured window, as for allocations); null if unknown or no call was made.
    /// </summary>
    public double? CpuMsPerCall(long calls, int hostCpus) =>
        CpuShareSeconds is { } shareSeconds && calls > 0 ? shareSeconds * hostCpus * 1000 / calls : null;

    /// <summary>The sum of CPU share x interval over the samples that reported both (a sample without either adds nothing).</summary>
    private static double? CpuShareSecondsOf(List<CounterReading> window)
    {
        double? sum = null;
        foreach (var sample in window)
        {
            if (sample is { CpuPercent: { } cpu, IntervalSeconds: { } interval })
            {
                sum = (sum ?? 0) + cpu / 100 * interval;
            }
        }
        return sum;
    }

    /// <summary>Request bytes (client to server) per request: summary.json's bytesSentPerRequest.</summary>
    public double? RequestBytesPerRequest(long requests) => PerRequest(BytesReceived, requests);

    /// <summary>Response bytes (server to client) per request: summary.json's bytesReceivedPerRequest.</summary>
    public double? ResponseBytesPerRequest(long requests) => PerRequest(BytesSent, requests);

    private static double? PerRequest(long? total, long requests) =>
        total is { } value && requests > 0 ? (double)value / requests : null;

    private static long? SumOrNull(IEnumerable<long?> values)
    {
        long? sum = null;
        foreach (long? value in values)
        {
            if (value is { } known)
            {
                sum = (sum ?? 0) + known;
            }
        }

        return sum;
    }
}
