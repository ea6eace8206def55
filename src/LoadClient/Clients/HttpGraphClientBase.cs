using System.Diagnostics;

namespace RpcCompare.LoadClient.Clients;

/// <summary>What the two HTTP clients (REST and GraphQL) hold alike: one HttpClient for the run, whose bytes are counted
/// on the wire, its health probe and its disposal.</summary>
public abstract class HttpGraphClientBase : IAsyncDisposable
{
    private readonly WireCounter _wire = new();

    protected HttpGraphClientBase(Uri baseAddress, ClientOptions options, bool http2)
    {
        Http = HttpTransport.Create(baseAddress, options, _wire, http2);
        Pooling = HttpTransport.Pooling(options.NewConnectionPerCall);
    }

    protected HttpClient Http { get; }

    /// <summary>"connections kept for the run" or "a new connection per call", for the description.</summary>
    protected string Pooling { get; }

    public (long Sent, long Received) WireBytes => (_wire.BytesSent, _wire.BytesReceived);

    public Task<bool> CheckHealthAsync(CancellationToken cancellationToken) => HttpTransport.CheckHealthAsync(Http, cancellationToken);

    /// <summary>Marks the answer's first byte (its headers, just returned) on the call's timing; that timing, or null
    /// where nothing is measured.</summary>
    protected static CallTiming? AnswerStarted()
    {
        var timing = CallTiming.Current;
        timing?.MarkFirstByte(Stopwatch.GetTimestamp());
        return timing;
    }

    /// <summary>The body to deserialize: through the timing's wrapper, which counts the reads' waits, when measured.</summary>
    protected static Stream Timed(Stream body, CallTiming? timing) => timing is null ? body : timing.Body.Attach(body);

    /// <summary>Adds the deserialization begun at <paramref name="start"/> to the timing, less the time its reads waited
    /// for bytes.</summary>
    protected static void Decoded(CallTiming? timing, long start)
    {
        if (timing is not null)
        {
            var waited = timing.Body.Detach();
            timing.AddDecode(Stopwatch.GetTimestamp() - start - waited);
        }
    }

    public ValueTask DisposeAsync()
    {
        Http.Dispose();
        GC.SuppressFinalize(this);
        return ValueTask.CompletedTask;
    }
}
