namespace RpcCompare.LoadClient.Clients;

/// <summary>What a stack's client is created with: the same for every stack of a run.</summary>
public sealed record ClientOptions
{
    /// <summary>A call that takes longer fails as a timeout; a stalled host never hangs a run.</summary>
    public TimeSpan RequestTimeout { get; init; } = Stacks.HostDefaults.RequestTimeout;

    /// <summary>REST only: speak HTTP/2 cleartext to the host's h2c endpoint instead of HTTP/1.1.</summary>
    public bool Http2 { get; init; }

    /// <summary>gRPC only: one GrpcChannel (one HTTP/2 connection until 100 streams are busy) per connection, calls spread in turn.</summary>
    public int Connections { get; init; } = 1;
}
