namespace RpcCompare.LoadClient.Clients;

public sealed record ClientOptions
{
    /// <summary>A call that takes longer fails as a timeout; a stalled host never hangs a run.</summary>
    public TimeSpan RequestTimeout { get; init; } = Contracts.Hosting.HostDefaults.RequestTimeout;

    /// <summary>How many calls may be in flight at once (sizes WCF's channel pool and HTTP/1.1 connection pools).</summary>
    public int Concurrency { get; init; } = Scenarios.Scenario.DefaultThreads;

    /// <summary>REST only: speak HTTP/2 cleartext to the host's h2c endpoint instead of HTTP/1.1.</summary>
    public bool Http2 { get; init; }

    /// <summary>gRPC only: one GrpcChannel (one HTTP/2 connection until 100 streams are busy) per connection, calls spread in turn.</summary>
    public int Connections { get; init; } = 1;
}
