namespace RpcCompare.LoadClient.Clients;

public sealed record ClientOptions
{
    /// <summary>Calls in flight when nothing says otherwise: a run's default threads (Scenario.DefaultThreads is this).</summary>
    public const int DefaultConcurrency = 10;

    /// <summary>A call that takes longer fails as a timeout; a stalled host never hangs a run.</summary>
    public TimeSpan RequestTimeout { get; init; } = Stacks.HostDefaults.RequestTimeout;

    /// <summary>How many calls may be in flight at once (sizes WCF's channel pool and HTTP/1.1 connection pools).</summary>
    public int Concurrency { get; init; } = DefaultConcurrency;

    /// <summary>REST only: speak HTTP/2 cleartext to the host's h2c endpoint instead of HTTP/1.1.</summary>
    public bool Http2 { get; init; }

    /// <summary>gRPC only: one GrpcChannel (one HTTP/2 connection until 100 streams are busy) per connection, calls spread in turn.</summary>
    public int Connections { get; init; } = 1;
}
